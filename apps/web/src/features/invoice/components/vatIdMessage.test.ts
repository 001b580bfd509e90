import { describe, expect, it } from 'vitest';
import { checkVatId } from '@mall/domain';
import { ApiError } from '../../../shared/api';
import { countryName } from '../../../shared/countries';
import { createI18n, resourcesFor } from '../../../shared/i18n';
import { isVatIdError, vatIdMessage } from './vatIdMessage';

async function tIn(language: string) {
  const i18n = createI18n(language, await resourcesFor(language, []));
  return { t: i18n.t.bind(i18n), names: (code: string) => countryName(code, language) };
}

describe('the VAT ID message a buyer reads', () => {
  it("names the country and its format in the buyer's language, from the form's own check", async () => {
    const vat = checkVatId('DE', '12345');
    expect(vat.ok).toBe(false);
    if (vat.ok) return;
    const de = await tIn('de');
    expect(vatIdMessage(de.t, de.names, vat.code, vat.params)).toBe(
      'Das ist keine gültige USt-IdNr. für Deutschland. Sie sollte so aussehen: DE123456789',
    );
    const ja = await tIn('ja');
    expect(vatIdMessage(ja.t, ja.names, vat.code, vat.params)).toBe(
      'ドイツの登録番号（VAT ID）として正しくありません。DE123456789 の形式で入力してください',
    );
  });

  it("words the server's refusal from its code and details, never its English text", async () => {
    const e = new ApiError(400, 'Invoice.vatIdMalformed', 'This is not a valid VAT ID for NL: it should be ...', {
      country: 'NL',
      example: 'NL123456789B01',
    });
    expect(isVatIdError(e)).toBe(true);
    const fr = await tIn('fr');
    const msg = vatIdMessage(fr.t, fr.names, e.code, e.details);
    expect(msg).toBe("Ce numéro de TVA n'est pas valide pour Pays-Bas. Il devrait ressembler à NL123456789B01");
    expect(msg).not.toContain('it should be');
  });

  it("falls back on the form's country and that country's format when the server sent no details", async () => {
    const es = await tIn('es');
    expect(vatIdMessage(es.t, es.names, 'Invoice.vatIdMalformed', undefined, 'it')).toBe(
      'Este no es un NIF-IVA válido para Italia. Debería tener este formato: IT12345678901',
    );
  });

  it('says a country without a VAT ID format is not available', async () => {
    const vat = checkVatId('US', '123');
    if (vat.ok) throw new Error('US has no VAT ID format');
    const en = await tIn('en');
    expect(vatIdMessage(en.t, en.names, vat.code, vat.params)).toBe(
      'VAT invoices with a VAT ID are not available for United States',
    );
  });

  it('leaves other refusals to the generic error message', () => {
    expect(isVatIdError(new ApiError(409, 'Invoice.alreadyIssued', 'x'))).toBe(false);
    expect(isVatIdError(new Error('x'))).toBe(false);
  });
});
