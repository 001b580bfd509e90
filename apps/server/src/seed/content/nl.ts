import { RULES as R, sec, type LanguageContent } from './types.js';

export const nl: LanguageContent = {
  policies: (site) => ({
    privacy: {
      title: 'Privacyverklaring',
      html:
        sec(
          'Wie wij zijn',
          `Deze verklaring legt uit hoe de Mall (site ${site.name}) uw persoonsgegevens verwerkt volgens de AVG.`,
        ) +
        sec('Welke gegevens', [
          'Account: e-mailadres, bijnaam en versleuteld wachtwoord',
          'Bestellingen: bezorg- en factuuradres, telefoonnummer, artikelen, beoordelingen en serviceaanvragen',
          'Betaling: uw kaart wordt verwerkt door de betaaldienst; wij bewaren alleen een token en de laatste vier cijfers',
          'Cookies voor sessie, site en taal',
        ]) +
        sec(
          'Doelen',
          'Uw bestellingen verwerken en bezorgen, terugbetalingen, retouren en ruilingen afhandelen, fraude voorkomen en, alleen met uw toestemming, aanbiedingen sturen.',
        ) +
        sec(
          'Uw rechten',
          'U heeft recht op inzage, correctie, verwijdering, beperking, overdraagbaarheid en bezwaar: mail privacy@demo.shop. U kunt ook een klacht indienen bij de Autoriteit Persoonsgegevens.',
        ),
    },
    terms: {
      title: 'Algemene voorwaarden webwinkel',
      html:
        sec(
          'Artikel 1 – Toepasselijkheid',
          `Deze voorwaarden gelden voor elke bestelling op de site ${site.name} van de Mall. Elk artikel wordt verkocht door de winkel die op de artikelpagina staat.`,
        ) +
        sec(
          'Artikel 2 – Bestelling en betaling',
          `Een onbetaalde bestelling wordt ${R.payMinutes} minuten na het plaatsen automatisch gesloten.`,
        ) +
        sec(
          'Artikel 3 – Prijzen',
          `Alle prijzen zijn inclusief ${site.vat} % btw. Verzendkosten ziet u vóór de betaling.`,
        ) +
        sec(
          'Artikel 4 – Levering en ontvangst',
          `Bevestig de ontvangst zodra alles is verzonden; anders wordt de bestelling ${R.receiptDays} dagen na verzending automatisch bevestigd (${R.postponeTimes} keer met ${R.postponeDays} dagen te verlengen).`,
        ) +
        sec(
          'Artikel 5 – Herroepingsrecht',
          `U kunt de overeenkomst binnen 14 dagen na ontvangst zonder opgave van redenen ontbinden. De verkoper beoordeelt elk verzoek binnen ${R.auditDays} dagen; goedgekeurde retouren stuurt u binnen ${R.returnDays} dagen terug. Wij betalen terug via de oorspronkelijke betaalmethode.`,
        ) +
        sec(
          'Artikel 6 – Conformiteit',
          'Producten moeten voldoen aan de overeenkomst; uw wettelijke rechten blijven onverminderd van kracht.',
        ),
    },
    warranty: {
      title: 'Garantie',
      html:
        sec(
          'Fabrieksgarantie',
          'Onderstellen en motoren: 5 jaar; bladen, stoelen en accessoires: 2 jaar na levering.',
        ) +
        sec(
          'Garantie aanvragen',
          `Open uw bestelling, kies klantenservice en beschrijf het probleem met foto's. De verkoper antwoordt binnen ${R.auditDays} dagen.`,
        ),
    },
    shipping: {
      title: 'Verzendbeleid',
      html:
        sec(
          'Verzendmethoden',
          'Elke winkel toont bij het afrekenen zijn verzendmethoden, prijzen en levertijden, zoals volgende-dag-levering bij bestelling vóór 14.00 uur. Standaardverzending is gratis boven het bedrag dat elke winkel toont.',
        ) +
        sec('Track & trace', 'Na verzending volgt u elk pakket vanuit uw bestelling met vervoerder en trackingnummer.'),
    },
  }),
  categories: [
    { code: 'gidsen', name: 'Koopgidsen' },
    { code: 'nieuws', name: 'Nieuws' },
  ],
  articles: [
    {
      category: 'gidsen',
      pinned: true,
      daysAgo: 3,
      author: 'Redactie',
      title: 'Zo kiest u een zit-sta-bureau',
      summary: 'Hoogtebereik, motoren en bladmaat.',
      html: '<h2>Hoogtebereik</h2><p>Meet uw ellebooghoogte zittend en staand; het bureau moet beide halen.</p><h2>Blad</h2><p>160 × 80 cm voor twee schermen.</p>',
    },
    {
      category: 'nieuws',
      daysAgo: 10,
      author: 'Team Mall',
      title: "Beoordelingen met foto's",
      summary: "Deel tot zes foto's bij uw beoordeling.",
      html: "<p>U kunt nu tot zes foto's aan uw beoordeling toevoegen.</p>",
    },
  ],
};
