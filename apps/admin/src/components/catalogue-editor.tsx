import type { FieldErrorCode } from '@storefront/contracts';
import type { CatalogueKind, EntityOf } from '@storefront/contracts/admin';
import { useRef, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { entitySource } from '../lib/catalogue-api.ts';
import { DeleteEntity } from './delete-entity.tsx';
import { EntityForm } from './entity-form.tsx';

/**
 * The editor of one catalogue entity at `/<kind>/new` or `/<kind>/:id` (products and the other
 * kinds alike): a new one opens again under its id once created, a deleted one goes back to its list
 * (both saying so), and the guard against leaving unsaved changes stays quiet on those two ways out.
 */
export function CatalogueEditor<K extends CatalogueKind>({
  kind,
  initial,
  validate,
  heading,
  titleOf,
  actions,
  children,
}: {
  kind: K;
  initial: () => EntityOf<K>;
  validate?: (entity: EntityOf<K>) => Record<string, FieldErrorCode[]>;
  /** The heading of a new entity's form and of an existing one's. */
  heading: { new: string; edit: string };
  /** The entity's name in the delete dialog. */
  titleOf: (entity: EntityOf<K>, id: number) => string;
  /** Buttons before the delete button (a product's preview). */
  actions?: (entity: EntityOf<K>, id: number) => ReactNode;
  children: (entity: EntityOf<K>, update: (patch: Partial<EntityOf<K>>) => void) => ReactNode;
}) {
  const navigate = useNavigate();
  const params = useParams();
  const id = params.id ? Number(params.id) : null;
  const skip = useRef(false);
  return (
    <EntityForm<EntityOf<K>>
      key={id ?? 'new'}
      {...entitySource(kind, id)}
      initial={initial}
      validate={validate}
      onSaved={(saved, created) => {
        if (created) void navigate(`/${kind}/${saved.id}`, { replace: true, state: { created: true } });
      }}
      skipGuard={skip}
      heading={id === null ? heading.new : heading.edit}
      actions={({ version, entity }) =>
        id !== null && version ? (
          <>
            {actions?.(entity, id)}
            <DeleteEntity
              kind={kind}
              id={id}
              title={titleOf(entity, id)}
              onDeleted={() => {
                skip.current = true;
                void navigate(`/${kind}`, { state: { deleted: true } });
              }}
            />
          </>
        ) : null
      }
    >
      {children}
    </EntityForm>
  );
}
