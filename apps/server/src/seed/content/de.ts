import { RULES as R, sec, type LanguageContent, type SeedArticle } from './types.js';

/** The three fixed German forum posts (SPEC §2: forum list entries point to /bbs/post-detail/{id}). */
export const FORUM_DE: SeedArticle[] = [
  {
    category: '',
    daysAgo: 2,
    author: 'Jonas aus Köln',
    title: 'Erfahrungsbericht: Drei Monate am Stehschreibtisch',
    summary: 'Was sich an Rücken, Konzentration und Tagesablauf geändert hat.',
    html: '<p>Seit drei Monaten arbeite ich im Homeoffice an einem höhenverstellbaren Schreibtisch. Mein Fazit vorab: Ich würde nicht mehr zurück wollen.</p><h3>Die ersten Wochen</h3><p>Anfangs habe ich zu lange gestanden und abends schwere Beine gehabt. Inzwischen wechsle ich etwa alle 45 Minuten die Position.</p><h3>Was sich verändert hat</h3><ul><li>Kaum noch Verspannungen im Nacken</li><li>Telefonate führe ich grundsätzlich im Stehen</li><li>Nach der Mittagspause kein Leistungstief mehr</li></ul><p>Wie sind eure Erfahrungen? Steht ihr nach festen Zeiten oder nach Gefühl?</p>',
  },
  {
    category: '',
    daysAgo: 5,
    author: 'Miriam_B',
    title: 'Frage: Welche Tischplatte für zwei Monitore?',
    summary: 'Eiche oder Bambus, 160 oder 180 cm – was passt zu zwei 27-Zoll-Bildschirmen?',
    html: '<p>Ich plane einen neuen Arbeitsplatz mit zwei 27-Zoll-Monitoren an einem Monitorarm. Jetzt schwanke ich bei der Tischplatte.</p><h3>Meine Überlegungen</h3><ol><li>160 × 80 cm reicht vermutlich, 180 cm wäre bequemer.</li><li>Massivholz wirkt schöner, ist aber schwerer – schafft das der Motor?</li></ol><p>Hat jemand die Eichenplatte mit dem Doppelmotor-Gestell im Einsatz und kann etwas zur Stabilität bei voller Höhe sagen?</p>',
  },
  {
    category: '',
    daysAgo: 9,
    author: 'Team Mall',
    title: 'Anleitung: Kabelmanagement am höhenverstellbaren Tisch',
    summary: 'Schritt für Schritt zum aufgeräumten Schreibtisch – mit genug Spiel für die volle Hubhöhe.',
    html: '<p>Ein aufgeräumter Tisch beginnt unter der Platte. So geht es in zehn Minuten:</p><ol><li>Kabelwanne mittig unter der Tischplatte montieren.</li><li>Eine Steckdosenleiste in die Wanne legen und alle Netzteile dort einstecken.</li><li>Nur ein Kabel zur Wandsteckdose führen, entlang des Tischbeins mit Klettbändern befestigen.</li></ol><p><strong>Wichtig:</strong> Lasst genug Spiel, damit das Kabel auch bei maximaler Höhe nicht spannt.</p>',
  },
];

export const de: LanguageContent = {
  policies: (site) => ({
    privacy: {
      title: 'Datenschutzerklärung',
      html:
        sec(
          'Verantwortlicher',
          `Diese Datenschutzerklärung informiert Sie darüber, wie die Mall (Website ${site.name}) Ihre personenbezogenen Daten beim Einkaufen und bei Serviceanfragen verarbeitet (Art. 13 DSGVO).`,
        ) +
        sec('Welche Daten wir verarbeiten', [
          'Kontodaten: E-Mail-Adresse, Spitzname und ein gehashtes Passwort (Ihr Passwort selbst speichern wir nie).',
          'Bestelldaten: Liefer- und Rechnungsadresse, Telefonnummer, bestellte Artikel, Bewertungen und Kundendienstanfragen.',
          'Zahlungsdaten: Ihre Karte verarbeitet der Zahlungsdienstleister; wir speichern nur ein Token und die letzten vier Ziffern.',
          'Technische Daten: ein Sitzungs-Cookie für die Anmeldung sowie Cookies für gewählte Website und Sprache.',
        ]) +
        sec(
          'Zwecke und Rechtsgrundlagen',
          'Vertragserfüllung (Art. 6 Abs. 1 lit. b DSGVO): Bestellung, Lieferung, Erstattung, Rücksendung und Umtausch. Berechtigtes Interesse (lit. f): Betrugsprävention und Sicherheit. Einwilligung (lit. a): Newsletter – jederzeit widerruflich.',
        ) +
        sec(
          'Empfänger',
          'Der Verkäufer der jeweiligen Bestellung, Versanddienstleister (Name, Anschrift, Telefon) und Zahlungsdienstleister. Wir verkaufen keine personenbezogenen Daten.',
        ) +
        sec(
          'Speicherdauer',
          'Bestell- und Rechnungsdaten bewahren wir für die Dauer der handels- und steuerrechtlichen Aufbewahrungspflichten (bis zu zehn Jahre) auf, Kontodaten bis zur Löschung Ihres Kontos. Sitzungs-Cookies laufen nach 30 Tagen ab.',
        ) +
        sec(
          'Ihre Rechte',
          'Sie haben das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung, Datenübertragbarkeit und Widerspruch. Schreiben Sie an datenschutz@demo.shop. Zudem können Sie sich bei einer Datenschutz-Aufsichtsbehörde beschweren.',
        ),
    },
    terms: {
      title: 'Allgemeine Geschäftsbedingungen (AGB)',
      html:
        sec(
          '§ 1 Geltungsbereich',
          `Diese AGB gelten für alle Bestellungen über die Website ${site.name} der Mall. Vertragspartner ist der auf der Artikelseite genannte Shop; die Mall betreibt die Plattform und die Zahlungsabwicklung.`,
        ) +
        sec(
          '§ 2 Vertragsschluss und Zahlung',
          `Mit dem Absenden der Bestellung geben Sie ein verbindliches Angebot ab. Nicht bezahlte Bestellungen werden ${R.payMinutes} Minuten nach Bestellung automatisch geschlossen. Sie zahlen per Karte oder PayPal; freigeschaltete Firmenkunden auch auf Rechnung mit Zahlungsziel.`,
        ) +
        sec(
          '§ 3 Preise',
          `Alle Preise enthalten die gesetzliche Mehrwertsteuer von ${site.vat} %. Versandkosten werden vor der Zahlung im Bestellvorgang angezeigt.`,
        ) +
        sec(
          '§ 4 Lieferung und Empfangsbestätigung',
          `Bitte bestätigen Sie den Empfang, sobald alle Artikel versandt sind. Andernfalls gilt die Bestellung ${R.receiptDays} Tage nach Versand als empfangen; Sie können diese Frist ${R.postponeTimes}-mal um je ${R.postponeDays} Tage verlängern.`,
        ) +
        sec(
          '§ 5 Widerrufsrecht',
          'Sie haben das Recht, binnen 14 Tagen ohne Angabe von Gründen diesen Vertrag zu widerrufen. Die Frist beginnt mit dem Tag, an dem Sie die Ware erhalten haben. Den Widerruf erklären Sie am einfachsten über „Kundendienst“ in Ihrer Bestellung.',
        ) +
        sec(
          '§ 6 Rücksendung und Erstattung',
          `Der Verkäufer prüft jeden Antrag innerhalb von ${R.auditDays} Tagen; danach gilt er als genehmigt. Genehmigte Rücksendungen sind innerhalb von ${R.returnDays} Tagen zurückzuschicken. Die Erstattung erfolgt über das ursprüngliche Zahlungsmittel; eingesetzte Punkte werden gutgeschrieben.`,
        ) +
        sec(
          '§ 7 Gewährleistung',
          'Es gilt die gesetzliche Mängelhaftung (zwei Jahre ab Lieferung). Zusätzliche Herstellergarantien finden Sie unter „Garantie“.',
        ) +
        sec(
          '§ 8 Schlussbestimmungen',
          'Es gilt deutsches Recht unter Ausschluss des UN-Kaufrechts; zwingende Verbraucherschutzvorschriften Ihres Wohnsitzstaates bleiben unberührt.',
        ),
    },
    warranty: {
      title: 'Garantie',
      html:
        sec(
          'Herstellergarantie',
          'Tischgestelle und Motoren: 5 Jahre; Tischplatten, Stühle und Zubehör: 2 Jahre, jeweils ab Lieferung.',
        ) +
        sec(
          'Gesetzliche Rechte',
          'Die Garantie gilt zusätzlich zu Ihren gesetzlichen Gewährleistungsrechten und schränkt diese nicht ein.',
        ) +
        sec('Nicht abgedeckt', [
          'Normaler Verschleiß',
          'Schäden durch unsachgemäße Nutzung, Überlastung oder eigene Reparaturen',
          'Optische Veränderungen ohne Einfluss auf die Funktion',
        ]) +
        sec(
          'Garantiefall melden',
          `Öffnen Sie Ihre Bestellung, wählen Sie „Kundendienst“ und beschreiben Sie den Mangel mit Fotos. Der Verkäufer antwortet innerhalb von ${R.auditDays} Tagen und repariert, ersetzt oder erstattet.`,
        ),
    },
    shipping: {
      title: 'Versand und Lieferung',
      html:
        sec(
          'Versandarten',
          'Jeder Shop zeigt im Bestellvorgang seine Versandarten mit Preis und Lieferzeit, zum Beispiel Standardversand (3–7 Werktage) und Expressversand (1–2 Werktage). Ab dem jeweils angezeigten Bestellwert ist der Standardversand kostenlos.',
        ) +
        sec(
          'Lieferländer',
          'Wir liefern nach Deutschland, Österreich, in die Schweiz, nach Luxemburg, Belgien, Dänemark und Polen. Bitte geben Sie die Postleitzahl im Format des Ziellandes an.',
        ) +
        sec(
          'Sendungsverfolgung',
          'Nach dem Versand verfolgen Sie jedes Paket in Ihrer Bestellung mit Versanddienstleister und Sendungsnummer.',
        ) +
        sec(
          'Sperrgut',
          'Übergroße Artikel und Großbestellungen liefern wir per Spedition nach Bestellanfrage; den Liefertermin stimmt der Verkäufer mit Ihnen ab.',
        ),
    },
  }),
  categories: [
    { code: 'ratgeber', name: 'Ratgeber' },
    { code: 'ergonomie', name: 'Ergonomie' },
    { code: 'neuigkeiten', name: 'Neuigkeiten' },
  ],
  articles: [
    {
      category: 'ratgeber',
      pinned: true,
      daysAgo: 2,
      author: 'Redaktion',
      title: 'So finden Sie den richtigen Stehschreibtisch',
      summary: 'Höhenbereich, Motoren, Plattengröße und Stabilität: darauf kommt es an.',
      html: '<h2>Höhenbereich</h2><p>Messen Sie Ihre Ellbogenhöhe im Sitzen und im Stehen; der Tisch sollte beide Höhen mit etwas Reserve erreichen.</p><h2>Ein oder zwei Motoren</h2><p>Doppelmotoren heben schwerere Lasten leiser und halten das Gestell gerade.</p><h2>Plattengröße</h2><ul><li>120 × 60 cm für einen Laptop</li><li>160 × 80 cm für zwei Monitore</li></ul>',
    },
    {
      category: 'ergonomie',
      pinned: true,
      daysAgo: 4,
      author: 'Redaktion',
      title: 'Fünf Gewohnheiten für einen gesunden Arbeitstag',
      summary: 'Sitzen und Stehen abwechseln, Bildschirm richtig einstellen, jede Stunde bewegen.',
      html: '<h2>Abwechseln</h2><p>Wechseln Sie alle 30 bis 60 Minuten die Position, statt den ganzen Tag zu stehen.</p><h2>Bildschirmhöhe</h2><p>Die Oberkante des Monitors auf Augenhöhe, eine Armlänge entfernt.</p>',
    },
    {
      category: 'ratgeber',
      daysAgo: 8,
      author: 'Redaktion',
      title: 'Bürostuhl richtig einstellen',
      summary: 'Sitzhöhe, Rückenlehne und Armlehnen in fünf Minuten angepasst.',
      html: '<ol><li>Sitzhöhe: Oberschenkel waagerecht, Füße flach auf dem Boden.</li><li>Lordosenstütze auf Höhe der Gürtellinie.</li><li>Armlehnen auf Tischhöhe.</li></ol>',
    },
    {
      category: 'neuigkeiten',
      daysAgo: 12,
      author: 'Team Mall',
      title: 'Neu: Bewertungen mit Fotos',
      summary: 'Teilen Sie bis zu sechs Fotos mit Ihrer Bewertung.',
      html: '<p>Käufer können ihrer Bewertung jetzt bis zu sechs Fotos hinzufügen und später eine Nachbewertung schreiben. Verkäufer dürfen antworten, Bewertungen aber nie ändern oder ausblenden.</p>',
    },
  ],
};
