import type { ImportReport } from '@storefront/contracts/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, sendFile } from '../../lib/api.ts';

/** Imports a whole catalogue (catalogue.json, or a zip of it with its images), as the CLI does. */
export function importCatalogue(file: File, onProgress?: (fraction: number) => void): Promise<ImportReport> {
  return sendFile<ImportReport>('/import', file, onProgress);
}

/** The whole store as a zip (catalogue.json and images/): a plain link downloads it. */
export const EXPORT_URL = `${API_BASE}/export`;

/** The import; once it is done every list and form shows the imported catalogue. */
export function useImportCatalogue() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) =>
      importCatalogue(file, onProgress),
    onSuccess: () => client.invalidateQueries(),
  });
}
