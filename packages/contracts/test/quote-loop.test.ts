import { describe, expect, it } from 'vitest';
import { quoteBuyerSchema, quoteEditorBodySchema, quoteSellerSchema } from '../src/quote-loop.ts';

describe('the quote loop’s identities', () => {
  it('a buyer left out entirely is an empty person (every field optional)', () => {
    expect(quoteBuyerSchema.parse({})).toEqual({
      kind: 'person',
      name: '',
      national_id: '',
      economic_code: '',
      postal_code: '',
      address: '',
      phone: '',
    });
    const body = quoteEditorBodySchema.safeParse({
      draft: {
        lines: [{ title: 'Pistachio', quantity: '5', unit: 'kg', unit_price: 9_000_000 }],
        validity: { value: 1, unit: 'hours' },
      },
      buyer: {},
    });
    expect(body.success).toBe(true);
  });

  it('codes are read as typed: Persian digits, spaces and dashes; a wrong length names the field’s rule', () => {
    const buyer = quoteBuyerSchema.parse({ national_id: '۰۰۱۲-۳۴۵۶۷۸۹', postal_code: '۱۲۳۴۵ ۶۷۸۹۰' });
    expect(buyer).toMatchObject({ national_id: '00123456789', postal_code: '1234567890' });
    const wrong = quoteBuyerSchema.safeParse({ economic_code: '123', postal_code: '12a' });
    expect(wrong.success).toBe(false);
    expect(wrong.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['economic_code', 'Enter the economic code: 11 to 14 digits.'],
      ['postal_code', 'Enter the postal code: 10 digits.'],
    ]);
    expect(quoteSellerSchema.parse({ registered_name: {}, address: {} }).economic_code).toBe('');
  });
});
