import { MAX_UPLOAD_BYTES, UPLOAD_TYPES } from '@storefront/contracts/admin';
import { useId, useLayoutEffect, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, mediaUrl, uploadMedia, type Uploaded } from '../lib/api.ts';
import { errorMessage } from '../lib/errors.ts';

/** Checked before uploading: the server would refuse these (413, 415). */
export function uploadProblem(file: File): 'file_too_large' | 'file_type_not_allowed' | null {
  if (file.size > MAX_UPLOAD_BYTES) return 'file_too_large';
  if (!(UPLOAD_TYPES as readonly string[]).includes(file.type)) return 'file_type_not_allowed';
  return null;
}

/**
 * Appends uploaded references to a list: several files finish one after another, each before the
 * parent has rendered the last one's change, so each appends to the list as the previous left it.
 */
export function useAppendUploads<T>(value: readonly T[], onChange: (items: T[]) => void) {
  const latest = useRef(value);
  // The parent's list once drawn (after the appends it has caught up with), read by the next append.
  useLayoutEffect(() => {
    latest.current = value;
  }, [value]);
  return (ref: T) => {
    const next = [...latest.current, ref];
    latest.current = next;
    onChange(next);
  };
}

/** Uploads images picked or dropped, showing each one's progress. */
export function ImageUpload({
  label,
  onUploaded,
  multiple = false,
}: {
  label: string;
  onUploaded: (uploaded: Uploaded) => void;
  multiple?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [dragging, setDragging] = useState(false);

  async function upload(files: File[]) {
    setError(null);
    for (const file of multiple ? files : files.slice(0, 1)) {
      const problem = uploadProblem(file);
      if (problem) {
        setError(new ApiError(problem === 'file_too_large' ? 413 : 415, { code: problem, detail: '' }));
        continue;
      }
      setProgress(0);
      try {
        onUploaded(await uploadMedia(file, setProgress));
      } catch (e) {
        setError(e);
      } finally {
        setProgress(null);
      }
    }
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    void upload([...event.dataTransfer.files]);
  }

  return (
    <div
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={`rounded border-2 border-dashed p-3 ${dragging ? 'border-sky-800 bg-sky-50' : 'border-slate-400 bg-white'}`}
    >
      <input
        id={id}
        type="file"
        accept={UPLOAD_TYPES.join(',')}
        multiple={multiple}
        className="peer sr-only"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          void upload(files);
        }}
      />
      <label
        htmlFor={id}
        className="inline-block cursor-pointer rounded border border-slate-400 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-100 peer-focus-visible:outline-3 peer-focus-visible:outline-sky-700"
      >
        {label}
      </label>
      <span className="ms-2 text-sm text-slate-700">{t('upload.dropHint')}</span>
      {progress !== null ? (
        <div className="mt-2">
          <progress className="w-full" value={progress} max={1} aria-label={t('upload.progress')} />
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-800">
          {errorMessage(t, error)}
        </p>
      ) : null}
    </div>
  );
}

export function Thumbnail({ src, alt, size = 'h-16 w-16' }: { src: string; alt: string; size?: string }) {
  return (
    <img src={mediaUrl(src)} alt={alt} className={`${size} rounded border border-slate-300 object-cover`} />
  );
}
