/**
 * The demo catalog's texts in the six languages besides English (SPEC §1: seven languages):
 * item names and descriptions (items.texts), SKU names and attributes (skus.texts) and shipping
 * methods (shipping_methods.texts). English is in the tables' own columns (seed/index.ts); a text
 * or language missing from a row falls back to it.
 */
import type { Language } from '@mall/contracts';

type Texts = Partial<Record<Exclude<Language, 'en'>, [itemName: string, description: string]>>;

export const CATALOG_TEXTS: Record<string, Texts> = {
  'standing-desk-e7': {
    de: ['Steh-Schreibtisch E7', 'Höhenverstellbarer Schreibtisch mit zwei Motoren, 58–123 cm, Memory-Positionen.'],
    ja: ['スタンディングデスク E7', 'デュアルモーター昇降デスク、58〜123 cm、メモリー機能付き。'],
    es: [
      'Escritorio elevable E7',
      'Escritorio de altura regulable con doble motor, 58-123 cm, posiciones memorizadas.',
    ],
    it: [
      'Scrivania regolabile E7',
      'Scrivania ad altezza regolabile con doppio motore, 58-123 cm, posizioni memorizzabili.',
    ],
    fr: ['Bureau assis-debout E7', 'Bureau réglable en hauteur à double moteur, 58-123 cm, positions mémorisées.'],
    nl: ['Zit-sta-bureau E7', 'In hoogte verstelbaar bureau met twee motoren, 58-123 cm, geheugenstanden.'],
  },
  'ergonomic-chair-c7': {
    de: ['Ergonomischer Bürostuhl C7', 'Netzrücken, adaptive Lendenstütze, 4D-Armlehnen.'],
    ja: ['エルゴノミックチェア C7', 'メッシュ背もたれ、アダプティブランバーサポート、4Dアームレスト。'],
    es: ['Silla ergonómica C7', 'Respaldo de malla, soporte lumbar adaptable, reposabrazos 4D.'],
    it: ['Sedia ergonomica C7', 'Schienale in rete, supporto lombare adattivo, braccioli 4D.'],
    fr: ['Chaise ergonomique C7', 'Dossier en maille, soutien lombaire adaptatif, accoudoirs 4D.'],
    nl: ['Ergonomische stoel C7', 'Rugleuning van mesh, adaptieve lendensteun, 4D-armleuningen.'],
  },
  'office-coffee-beans': {
    de: ['Büro-Kaffeebohnen (nach Gewicht)', 'Arabica, mittlere Röstung, nach Kilogramm in 0,5-kg-Schritten verkauft.'],
    ja: ['オフィス用コーヒー豆（量り売り）', '中煎りアラビカ。0.5 kg 単位のキログラム売り。'],
    es: ['Café en grano para la oficina (a granel)', 'Arábica de tueste medio, se vende por kilo en pasos de 0,5 kg.'],
    it: [
      'Caffè in grani per l’ufficio (a peso)',
      'Arabica a tostatura media, venduto al chilo in incrementi di 0,5 kg.',
    ],
    fr: [
      'Café en grains pour le bureau (au poids)',
      'Arabica torréfaction moyenne, vendu au kilo par paliers de 0,5 kg.',
    ],
    nl: ['Koffiebonen voor kantoor (per gewicht)', 'Arabica, medium gebrand, per kilo verkocht in stappen van 0,5 kg.'],
  },
  'desktop-board-oak': {
    de: ['Tischplatte Eiche 140', 'Massive Eichenplatte für DIY-Gestelle.'],
    ja: ['天板 オーク 140', 'DIYフレーム用の無垢オーク天板。'],
    es: ['Tablero de roble 140', 'Tablero de roble macizo para estructuras DIY.'],
    it: ['Piano in rovere 140', 'Piano in rovere massello per telai fai-da-te.'],
    fr: ['Plateau en chêne 140', 'Plateau en chêne massif pour piètements DIY.'],
    nl: ['Bureaublad eiken 140', 'Massief eiken blad voor DIY-frames.'],
  },
  'cable-tray': {
    de: ['Kabelwanne für unter den Tisch', 'Kabelwanne aus Stahl, werkzeuglose Montage.'],
    ja: ['デスク下ケーブルトレー', 'スチール製ケーブルトレー、工具不要で取り付け。'],
    es: ['Bandeja pasacables bajo mesa', 'Bandeja pasacables de acero, montaje sin herramientas.'],
    it: ['Canalina passacavi sottoscrivania', 'Canalina passacavi in acciaio, montaggio senza attrezzi.'],
    fr: ['Goulotte passe-câbles sous bureau', 'Goulotte passe-câbles en acier, montage sans outils.'],
    nl: ['Kabelgoot onder het bureau', 'Stalen kabelgoot, montage zonder gereedschap.'],
  },
  'diy-desk-bundle': {
    de: [
      'DIY-Schreibtisch-Set (Gestell + Eichenplatte + Kabelwanne)',
      'Bauen Sie Ihren eigenen Schreibtisch: Das Gestell kommt mit einer Eichenplatte und einer Kabelwanne.',
    ],
    ja: [
      'DIYデスクセット（フレーム＋オーク天板＋ケーブルトレー）',
      '自分で組み立てるデスク：フレームにオーク天板とケーブルトレーが付きます。',
    ],
    es: [
      'Kit de escritorio DIY (estructura + tablero de roble + bandeja pasacables)',
      'Monta tu propio escritorio: la estructura incluye un tablero de roble y una bandeja pasacables.',
    ],
    it: [
      'Kit scrivania fai-da-te (telaio + piano in rovere + canalina)',
      'Costruisci la tua scrivania: il telaio include un piano in rovere e una canalina passacavi.',
    ],
    fr: [
      'Kit bureau DIY (piètement + plateau en chêne + goulotte)',
      'Montez votre propre bureau : le piètement est livré avec un plateau en chêne et une goulotte passe-câbles.',
    ],
    nl: [
      'DIY-bureauset (frame + eiken blad + kabelgoot)',
      'Bouw je eigen bureau: het frame komt met een eiken blad en een kabelgoot.',
    ],
  },
  'felt-desk-mat': {
    de: ['Filz-Schreibtischunterlage (Geschenk)', 'Gratis zu ausgewählten Leuchten.'],
    ja: ['フェルトデスクマット（プレゼント）', '対象のライトに無料で付いてきます。'],
    es: ['Alfombrilla de fieltro (regalo)', 'Gratis con lámparas seleccionadas.'],
    it: ['Tappetino da scrivania in feltro (omaggio)', 'In omaggio con le lampade selezionate.'],
    fr: ['Sous-main en feutre (cadeau)', 'Offert avec certaines lampes.'],
    nl: ['Vilten bureaumat (cadeau)', 'Gratis bij geselecteerde lampen.'],
  },
  'monitor-lamp': {
    de: [
      'Monitor-Lichtleiste mit gratis Schreibtischunterlage',
      'Asymmetrische Lichtleiste ohne Blendung auf dem Bildschirm. Jede Leuchte kommt mit einer gratis Filz-Schreibtischunterlage.',
    ],
    ja: [
      'モニターライトバー（デスクマット付き）',
      '非対称配光のライトバーで画面の映り込みなし。すべてのライトにフェルトデスクマットが無料で付きます。',
    ],
    es: [
      'Barra de luz para monitor con alfombrilla de regalo',
      'Barra de luz asimétrica, sin reflejos en la pantalla. Cada lámpara incluye una alfombrilla de fieltro gratis.',
    ],
    it: [
      'Barra luminosa per monitor con tappetino in omaggio',
      'Barra luminosa asimmetrica, nessun riflesso sullo schermo. Ogni lampada include un tappetino in feltro in omaggio.',
    ],
    fr: [
      'Barre lumineuse pour écran avec sous-main offert',
      'Barre lumineuse asymétrique, sans reflet sur l’écran. Chaque lampe est livrée avec un sous-main en feutre offert.',
    ],
    nl: [
      'Monitorlichtbalk met gratis bureaumat',
      'Asymmetrische lichtbalk, geen schittering op het scherm. Bij elke lamp zit een gratis vilten bureaumat.',
    ],
  },
  'assembly-service': {
    de: [
      'Montageservice vor Ort',
      'Ein Techniker baut Ihren Schreibtisch auf. Sie erhalten je gebuchtem Service einen Einlösecode.',
    ],
    ja: ['出張組み立てサービス', '技術者がデスクを組み立てます。予約したサービスごとに利用コードが届きます。'],
    es: [
      'Servicio de montaje a domicilio',
      'Un técnico monta tu escritorio. Recibes un código de uso por cada servicio reservado.',
    ],
    it: [
      'Servizio di montaggio a domicilio',
      'Un tecnico monta la tua scrivania. Ricevi un codice d’uso per ogni servizio prenotato.',
    ],
    fr: [
      'Service de montage à domicile',
      'Un technicien monte votre bureau. Vous recevez un code d’utilisation par service réservé.',
    ],
    nl: [
      'Montageservice aan huis',
      'Een monteur zet je bureau in elkaar. Je krijgt een gebruikscode per geboekte service.',
    ],
  },
  'pro-desk-2027': {
    de: [
      'Pro Desk 2027 (Vorverkauf)',
      'Jetzt mit 20 % Anzahlung reservieren; den Restbetrag im Restzahlungszeitraum zahlen.',
    ],
    ja: ['Pro Desk 2027（予約販売）', '今なら20%の手付金で予約。残金は残金支払い期間内にお支払いください。'],
    es: [
      'Pro Desk 2027 (preventa)',
      'Resérvalo ahora con un depósito del 20 %; paga el resto dentro del plazo de pago final.',
    ],
    it: ['Pro Desk 2027 (prevendita)', 'Prenota ora con un acconto del 20%; paga il saldo entro il periodo di saldo.'],
    fr: [
      'Pro Desk 2027 (prévente)',
      'Réservez maintenant avec un acompte de 20 % ; payez le solde pendant la période de solde.',
    ],
    nl: [
      'Pro Desk 2027 (voorverkoop)',
      'Reserveer nu met 20% aanbetaling; betaal het restant binnen de restbetalingsperiode.',
    ],
  },
  'canvas-tote-points': {
    de: ['Canvas-Tasche (Prämie gegen Punkte)', 'Einlösbar gegen 500 Punkte.'],
    ja: ['キャンバストート（ポイント交換）', '500ポイントで交換できます。'],
    es: ['Bolsa de lona (canje de puntos)', 'Canjéala por 500 puntos.'],
    it: ['Borsa in tela (premio a punti)', 'Riscattala con 500 punti.'],
    fr: ['Sac en toile (échange de points)', 'À échanger contre 500 points.'],
    nl: ['Canvas tas (punten inwisselen)', 'In te wisselen voor 500 punten.'],
  },
  'office-desk-pack-20': {
    de: [
      'Büro-Schreibtisch-Paket x20 (Großmenge, Übergröße)',
      'Zwanzig Schreibtische auf Paletten. Senden Sie eine Bestellanfrage, und wir verhandeln Lieferung und Preis.',
    ],
    ja: [
      'オフィスデスク20台パック（大口・大型）',
      'パレット積みのデスク20台。注文リクエストを送っていただければ、配送と価格をご相談します。',
    ],
    es: [
      'Lote de 20 escritorios de oficina (a granel, gran volumen)',
      'Veinte escritorios en palés. Envía una solicitud de pedido y negociamos la entrega y el precio.',
    ],
    it: [
      'Confezione da 20 scrivanie (ingrosso, fuori misura)',
      'Venti scrivanie su pallet. Invia una richiesta d’ordine e concordiamo consegna e prezzo.',
    ],
    fr: [
      'Lot de 20 bureaux (gros volume, hors gabarit)',
      'Vingt bureaux sur palettes. Envoyez une demande de commande et nous négocions la livraison et le prix.',
    ],
    nl: [
      'Kantoorbureaupakket x20 (bulk, extra groot)',
      'Twintig bureaus op pallets. Stuur een bestelaanvraag en we onderhandelen over levering en prijs.',
    ],
  },
};

/** The `items.texts` value of a demo item. */
export function itemTexts(key: string): Record<string, { itemName: string; description: string }> {
  return Object.fromEntries(
    Object.entries(CATALOG_TEXTS[key] ?? {}).map(([lng, [itemName, description]]) => [lng, { itemName, description }]),
  );
}

type Lang = Exclude<Language, 'en'>;
type Words = Record<string, Record<Lang, string>>;
const OTHER_LANGUAGES: Lang[] = ['de', 'ja', 'es', 'it', 'fr', 'nl'];
const words = (rows: [en: string, de: string, ja: string, es: string, it: string, fr: string, nl: string][]): Words =>
  Object.fromEntries(rows.map(([en, de, ja, es, it, fr, nl]) => [en, { de, ja, es, it, fr, nl }]));

/** Attribute names and values of the demo SKUs (the item page's details table). */
export const ATTRIBUTE_TEXTS: Words = words([
  ['Color', 'Farbe', 'カラー', 'Color', 'Colore', 'Couleur', 'Kleur'],
  ['Size', 'Größe', 'サイズ', 'Tamaño', 'Dimensioni', 'Dimensions', 'Afmeting'],
  ['Warranty', 'Garantie', '保証', 'Garantía', 'Garanzia', 'Garantie', 'Garantie'],
  ['Batch', 'Charge', 'ロット', 'Lote', 'Lotto', 'Lot', 'Partij'],
  ['Roast', 'Röstung', '焙煎度', 'Tueste', 'Tostatura', 'Torréfaction', 'Branding'],
  ['Material', 'Material', '素材', 'Material', 'Materiale', 'Matériau', 'Materiaal'],
  ['Frame', 'Gestell', 'フレーム', 'Estructura', 'Telaio', 'Piètement', 'Frame'],
  ['Finish', 'Oberfläche', '仕上げ', 'Acabado', 'Finitura', 'Finition', 'Afwerking'],
  ['Period', 'Laufzeit', '期間', 'Periodo', 'Periodo', 'Durée', 'Looptijd'],
  ['Black', 'Schwarz', 'ブラック', 'Negro', 'Nero', 'Noir', 'Zwart'],
  ['White', 'Weiß', 'ホワイト', 'Blanco', 'Bianco', 'Blanc', 'Wit'],
  ['Grey', 'Grau', 'グレー', 'Gris', 'Grigio', 'Gris', 'Grijs'],
  ['140x70 cm', '140 × 70 cm', '140×70 cm', '140 × 70 cm', '140 × 70 cm', '140 × 70 cm', '140 × 70 cm'],
  ['160x80 cm', '160 × 80 cm', '160×80 cm', '160 × 80 cm', '160 × 80 cm', '160 × 80 cm', '160 × 80 cm'],
  ['5 years', '5 Jahre', '5年', '5 años', '5 anni', '5 ans', '5 jaar'],
  ['Medium', 'Mittel', '中煎り', 'Medio', 'Media', 'Moyenne', 'Medium'],
  ['Oak', 'Eiche', 'オーク', 'Roble', 'Rovere', 'Chêne', 'Eiken'],
  ['Walnut', 'Nussbaum', 'ウォールナット', 'Nogal', 'Noce', 'Noyer', 'Notenhout'],
  ['1 month', '1 Monat', '1か月', '1 mes', '1 mese', '1 mois', '1 maand'],
  ['1 year', '1 Jahr', '1年', '1 año', '1 anno', '1 an', '1 jaar'],
]);
/** Attribute values that are codes, the same in every language. */
const CODES = new Set(['E5', 'B-2026-11']);

/** The demo SKUs' names (the item page's choices, the cart and checkout lines). */
export const SKU_NAME_TEXTS: Words = words([
  [
    'Black / 140x70',
    'Schwarz / 140 × 70',
    'ブラック / 140×70',
    'Negro / 140 × 70',
    'Nero / 140 × 70',
    'Noir / 140 × 70',
    'Zwart / 140 × 70',
  ],
  [
    'White / 140x70',
    'Weiß / 140 × 70',
    'ホワイト / 140×70',
    'Blanco / 140 × 70',
    'Bianco / 140 × 70',
    'Blanc / 140 × 70',
    'Wit / 140 × 70',
  ],
  [
    'Black / 160x80',
    'Schwarz / 160 × 80',
    'ブラック / 160×80',
    'Negro / 160 × 80',
    'Nero / 160 × 80',
    'Noir / 160 × 80',
    'Zwart / 160 × 80',
  ],
  ['Grey', 'Grau', 'グレー', 'Gris', 'Grigio', 'Gris', 'Grijs'],
  ['Black', 'Schwarz', 'ブラック', 'Negro', 'Nero', 'Noir', 'Zwart'],
  [
    'Arabica medium roast',
    'Arabica, mittlere Röstung',
    'アラビカ 中煎り',
    'Arábica de tueste medio',
    'Arabica tostatura media',
    'Arabica torréfaction moyenne',
    'Arabica medium gebrand',
  ],
  [
    'Oak 140x70',
    'Eiche 140 × 70',
    'オーク 140×70',
    'Roble 140 × 70',
    'Rovere 140 × 70',
    'Chêne 140 × 70',
    'Eiken 140 × 70',
  ],
  [
    'Steel tray',
    'Stahlwanne',
    'スチールトレー',
    'Bandeja de acero',
    'Canalina in acciaio',
    'Goulotte en acier',
    'Stalen goot',
  ],
  ['E5 frame', 'Gestell E5', 'E5 フレーム', 'Estructura E5', 'Telaio E5', 'Piètement E5', 'Frame E5'],
  [
    'Felt mat',
    'Filzunterlage',
    'フェルトマット',
    'Alfombrilla de fieltro',
    'Tappetino in feltro',
    'Sous-main en feutre',
    'Viltmat',
  ],
  ['Light bar', 'Lichtleiste', 'ライトバー', 'Barra de luz', 'Barra luminosa', 'Barre lumineuse', 'Lichtbalk'],
  ['One assembly', 'Eine Montage', '組み立て1回', 'Un montaje', 'Un montaggio', 'Un montage', 'Eén montage'],
  ['Walnut', 'Nussbaum', 'ウォールナット', 'Nogal', 'Noce', 'Noyer', 'Notenhout'],
  [
    'Natural canvas',
    'Canvas natur',
    'ナチュラルキャンバス',
    'Lona natural',
    'Tela naturale',
    'Toile naturelle',
    'Naturel canvas',
  ],
  [
    '20 x E7 black',
    '20 × E7 schwarz',
    'E7 ブラック ×20',
    '20 × E7 negro',
    '20 × E7 nero',
    '20 × E7 noir',
    '20 × E7 zwart',
  ],
  ['1 month', '1 Monat', '1か月', '1 mes', '1 mese', '1 mois', '1 maand'],
  ['1 year', '1 Jahr', '1年', '1 año', '1 anno', '1 an', '1 jaar'],
]);

/** The demo shipping methods' names and descriptions (checkout, order detail). */
export const SHIPPING_METHOD_TEXTS: Words = words([
  [
    'Standard delivery',
    'Standardversand',
    '通常配送',
    'Envío estándar',
    'Spedizione standard',
    'Livraison standard',
    'Standaardlevering',
  ],
  [
    '5-7 business days',
    '5–7 Werktage',
    '5〜7営業日',
    '5-7 días laborables',
    '5-7 giorni lavorativi',
    '5 à 7 jours ouvrés',
    '5-7 werkdagen',
  ],
  [
    '3-5 business days',
    '3–5 Werktage',
    '3〜5営業日',
    '3-5 días laborables',
    '3-5 giorni lavorativi',
    '3 à 5 jours ouvrés',
    '3-5 werkdagen',
  ],
  [
    'Express delivery',
    'Expressversand',
    '速達配送',
    'Envío exprés',
    'Spedizione express',
    'Livraison express',
    'Expreslevering',
  ],
  [
    '1-2 business days',
    '1–2 Werktage',
    '1〜2営業日',
    '1-2 días laborables',
    '1-2 giorni lavorativi',
    '1 à 2 jours ouvrés',
    '1-2 werkdagen',
  ],
  [
    'Freight (quoted)',
    'Spedition (auf Angebot)',
    '貨物便（見積もり）',
    'Transporte de mercancías (presupuesto)',
    'Trasporto merci (su preventivo)',
    'Fret (sur devis)',
    'Vracht (op offerte)',
  ],
  [
    'Pallet delivery, cost quoted after ordering',
    'Lieferung auf Paletten, die Kosten nennen wir nach der Bestellung',
    'パレット配送。送料はご注文後にお見積もりします',
    'Entrega en palés; el coste se presupuesta tras el pedido',
    'Consegna su pallet, costo preventivato dopo l’ordine',
    'Livraison sur palettes, coût communiqué après la commande',
    'Levering op pallets, kosten geoffreerd na de bestelling',
  ],
  [
    'Pick up in store',
    'Abholung im Geschäft',
    '店舗受け取り',
    'Recogida en tienda',
    'Ritiro in negozio',
    'Retrait en magasin',
    'Afhalen in de winkel',
  ],
  [
    'Collect from a FlexiDesk showroom',
    'Abholung in einem FlexiDesk-Showroom',
    'FlexiDesk ショールームで受け取り',
    'Recógelo en una sala de exposición de FlexiDesk',
    'Ritira in uno showroom FlexiDesk',
    'À retirer dans un showroom FlexiDesk',
    'Ophalen in een FlexiDesk-showroom',
  ],
  [
    'Next-day delivery',
    'Lieferung am nächsten Tag',
    '翌日配送',
    'Entrega al día siguiente',
    'Consegna il giorno dopo',
    'Livraison le lendemain',
    'Levering de volgende dag',
  ],
  [
    'Order before 2 pm',
    'Bei Bestellung bis 14 Uhr',
    '14時までのご注文',
    'Pide antes de las 14:00',
    'Ordina entro le 14:00',
    'Commandez avant 14 h',
    'Bestel vóór 14.00 uur',
  ],
  [
    'Collect from a Nordic Home store',
    'Abholung in einem Nordic-Home-Geschäft',
    'Nordic Home 店舗で受け取り',
    'Recógelo en una tienda Nordic Home',
    'Ritira in un negozio Nordic Home',
    'À retirer dans un magasin Nordic Home',
    'Ophalen in een Nordic Home-winkel',
  ],
  [
    'Online activation',
    'Online-Aktivierung',
    'オンライン有効化',
    'Activación en línea',
    'Attivazione online',
    'Activation en ligne',
    'Online activering',
  ],
  [
    'Nothing is shipped: active once paid',
    'Kein Versand: aktiv, sobald bezahlt',
    '配送はありません。お支払い後に有効になります',
    'No se envía nada: activo en cuanto se paga',
    'Nessuna spedizione: attivo appena pagato',
    'Rien n’est expédié : actif dès le paiement',
    'Er wordt niets verzonden: actief zodra betaald',
  ],
]);

/** A demo text in `lng`; a text the tables above miss stops the seed rather than stay English. */
function word(table: Words, en: string, lng: Lang): string {
  const found = table[en]?.[lng];
  if (!found) throw new Error(`No ${lng} text for "${en}" in seed/catalog-texts.ts`);
  return found;
}

/** The `skus.texts` value of a demo SKU: its name and each attribute (by its English attrKey). */
export function skuTexts(name: string, attributes: { attrKey: string; attrVal: string }[]) {
  return Object.fromEntries(
    OTHER_LANGUAGES.map((lng) => [
      lng,
      {
        name: word(SKU_NAME_TEXTS, name, lng),
        attributes: Object.fromEntries(
          attributes.map((a) => [
            a.attrKey,
            {
              attrKey: word(ATTRIBUTE_TEXTS, a.attrKey, lng),
              attrVal: CODES.has(a.attrVal) ? a.attrVal : word(ATTRIBUTE_TEXTS, a.attrVal, lng),
            },
          ]),
        ),
      },
    ]),
  );
}

/** A demo shipping method's name and description, with their `shipping_methods.texts`. */
export function methodNames(name: string, description: string) {
  return {
    name,
    description,
    texts: Object.fromEntries(
      OTHER_LANGUAGES.map((lng) => [
        lng,
        { name: word(SHIPPING_METHOD_TEXTS, name, lng), description: word(SHIPPING_METHOD_TEXTS, description, lng) },
      ]),
    ),
  };
}
