import { describe, expect, it } from 'vitest';
import { roleMay, rolesThatMay, staffRoles } from '../src/roles.ts';

describe('staff roles', () => {
  it('lets every role into the back office', () => {
    expect(rolesThatMay.useBackOffice).toEqual(['owner', 'editor', 'sales']);
    for (const role of staffRoles) expect(roleMay(role, 'useBackOffice')).toBe(true);
  });

  it('lets owners and editors edit the catalogue, not sales', () => {
    expect(rolesThatMay.editCatalogue).toEqual(['owner', 'editor']);
    expect(roleMay('sales', 'editCatalogue')).toBe(false);
  });

  it('shows sales (enquiries, reviews, customers, newsletter) to owners and sales, not editors', () => {
    expect(rolesThatMay.seeSales).toEqual(['owner', 'sales']);
    expect(roleMay('editor', 'seeSales')).toBe(false);
  });

  it('leaves staff, the audit log and the store to the owner', () => {
    expect(rolesThatMay.manageStore).toEqual(['owner']);
    expect(roleMay('editor', 'manageStore')).toBe(false);
    expect(roleMay('sales', 'manageStore')).toBe(false);
  });

  it('allows nothing without a role', () => {
    expect(roleMay(undefined, 'useBackOffice')).toBe(false);
  });
});
