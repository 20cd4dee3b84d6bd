/**
 * The back office's primitives, one concern a file in ui/: field errors, the button, inputs,
 * feedback (badges, alerts, "Saved."), the page's frame (title, sections, pages), dialogs, tables
 * and the copy field. Import them from here.
 */
export * from './ui/field-errors.tsx';
export * from './ui/button.tsx';
export * from './ui/inputs.tsx';
export * from './ui/feedback.tsx';
export * from './ui/page.tsx';
export * from './ui/dialogs.tsx';
export * from './ui/table.tsx';
export * from './ui/copy-field.tsx';
