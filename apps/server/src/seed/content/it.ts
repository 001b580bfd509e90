import { RULES as R, sec, type LanguageContent } from './types.js';

export const it: LanguageContent = {
  policies: (site) => ({
    privacy: {
      title: 'Informativa sulla privacy',
      html:
        sec(
          'Titolare del trattamento',
          `La presente informativa, resa ai sensi degli artt. 13 e 14 del Regolamento (UE) 2016/679 (GDPR), spiega come il Mall (sito ${site.name}) tratta i suoi dati personali.`,
        ) +
        sec('Dati trattati', [
          "Dati dell'account: indirizzo email, nickname e password cifrata",
          'Dati degli ordini: indirizzi di spedizione e fatturazione, telefono, articoli acquistati, recensioni e richieste di assistenza',
          'Dati di pagamento: la carta è gestita dal fornitore dei pagamenti; conserviamo solo un token e le ultime quattro cifre',
          'Cookie tecnici di sessione, sito e lingua',
        ]) +
        sec(
          'Finalità e basi giuridiche',
          'Esecuzione del contratto (ordini, consegne, rimborsi, resi e cambi), legittimo interesse (prevenzione delle frodi) e, solo con il suo consenso, invio di comunicazioni promozionali.',
        ) +
        sec(
          'Destinatari',
          'Il negozio venditore di ciascun ordine, i corrieri e i fornitori di pagamento. Non vendiamo dati personali.',
        ) +
        sec(
          'Conservazione',
          "I dati degli ordini sono conservati per dieci anni come richiesto dalla normativa fiscale; i dati dell'account fino alla chiusura dell'account.",
        ) +
        sec(
          'I suoi diritti',
          'Può chiedere accesso, rettifica, cancellazione, limitazione, portabilità e opporsi al trattamento scrivendo a privacy@demo.shop, e proporre reclamo al Garante per la protezione dei dati personali.',
        ),
    },
    terms: {
      title: 'Termini e condizioni di vendita',
      html:
        sec(
          'Ambito di applicazione',
          `Le presenti condizioni si applicano a tutti gli ordini effettuati sul sito ${site.name} del Mall. Ogni articolo è venduto dal negozio indicato nella sua pagina.`,
        ) +
        sec(
          'Ordine e pagamento',
          `Gli ordini non pagati vengono chiusi automaticamente ${R.payMinutes} minuti dopo l'invio.`,
        ) +
        sec(
          'Prezzi',
          `I prezzi includono l'IVA al ${site.vat} %. Le spese di spedizione sono indicate prima del pagamento.`,
        ) +
        sec(
          'Consegna e ricevimento',
          `Confermi il ricevimento quando tutto è stato spedito; in caso contrario l'ordine è confermato automaticamente ${R.receiptDays} giorni dopo la spedizione (prorogabile ${R.postponeTimes} volte di ${R.postponeDays} giorni).`,
        ) +
        sec(
          'Diritto di recesso',
          `Ha diritto di recedere entro 14 giorni dal ricevimento della merce senza indicarne il motivo (Codice del Consumo). Il venditore esamina ogni richiesta entro ${R.auditDays} giorni; i resi approvati vanno rispediti entro ${R.returnDays} giorni. Il rimborso avviene con lo stesso mezzo di pagamento.`,
        ) +
        sec('Garanzia legale', 'Per tutti i prodotti vale la garanzia legale di conformità di 24 mesi dalla consegna.'),
    },
    warranty: {
      title: 'Garanzia',
      html:
        sec('Garanzia del produttore', 'Strutture e motori: 5 anni; piani, sedie e accessori: 2 anni dalla consegna.') +
        sec('Esclusioni', ['Normale usura', 'Danni da uso improprio, sovraccarico o riparazioni non autorizzate']) +
        sec(
          'Come richiederla',
          `Apra l'ordine, scelga assistenza post-vendita e descriva il problema con foto. Il venditore risponde entro ${R.auditDays} giorni.`,
        ),
    },
    shipping: {
      title: 'Spedizioni',
      html:
        sec(
          'Metodi di spedizione',
          "Ogni negozio mostra al checkout i propri metodi, costi e tempi di consegna. La spedizione standard è gratuita oltre l'importo indicato da ciascun negozio.",
        ) +
        sec(
          'Tracciamento',
          'Dopo la spedizione può seguire ogni pacco dal suo ordine con corriere e numero di tracciamento.',
        ),
    },
  }),
  categories: [
    { code: 'guide', name: "Guide all'acquisto" },
    { code: 'novita', name: 'Novità' },
  ],
  articles: [
    {
      category: 'guide',
      pinned: true,
      daysAgo: 5,
      author: 'Redazione',
      title: 'Come scegliere una scrivania regolabile',
      summary: 'Altezza, motori e dimensioni del piano.',
      html: "<h2>Altezza</h2><p>Misuri l'altezza dei gomiti da seduto e in piedi; la scrivania deve raggiungerle entrambe.</p><h2>Piano</h2><p>160 × 80 cm per due monitor.</p>",
    },
    {
      category: 'novita',
      daysAgo: 13,
      author: 'Team Mall',
      title: 'Recensioni con foto',
      summary: 'Condivida fino a sei foto con la sua recensione.',
      html: '<p>Ora può aggiungere fino a sei foto alla sua recensione.</p>',
    },
  ],
};
