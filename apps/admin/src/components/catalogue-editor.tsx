import type { FieldErrorCode } from '@storefront/contracts';
import type { CatalogueKind, EntityOf } from '@storefront/contracts/admin';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { entitySource } from '../lib/catalogue-api.ts';
import { DateField } from './date-field.tsx';
import { DeleteEntity } from './delete-entity.tsx';
import { EntityForm, type EntityFormProps } from './entity-form.tsx';

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
  children: EntityFormProps<EntityOf<K>>['children'];
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

/** An entity's date and time of creation (a product's, a post's): never emptied once set. */
export function CreationDateField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <DateField
      withTime
      label={t('fields.creation_date')}
      value={value}
      onChange={(v) => {
        if (v) onChange(v);
      }}
      path="creation_date"
    />
  );
}
