/**
 * The demo catalog's names and descriptions in the six languages besides English (SPEC §1:
 * seven languages). English is in the catalog table itself (seed/index.ts); an item or
 * language missing here falls back to it.
 */
import type { Language } from '@mall/contracts';

type Texts = Partial<Record<Exclude<Language, 'en'>, [itemName: string, description: string]>>;

export const CATALOG_TEXTS: Record<string, Texts> = {
  'standing-desk-e7': {
    de: ['Steh-Schreibtisch E7', 'Höhenverstellbarer Schreibtisch mit zwei Motoren, 58–123 cm, Memory-Positionen.'],
    ja: ['スタンディングデスク E7', 'デュアルモーター昇降デスク、58〜123 cm、メモリー機能付き。'],
    es: ['Escritorio elevable E7', 'Escritorio de altura regulable con doble motor, 58-123 cm, posiciones memorizadas.'],
    it: ['Scrivania regolabile E7', 'Scrivania ad altezza regolabile con doppio motore, 58-123 cm, posizioni memorizzabili.'],
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
    it: ['Caffè in grani per l’ufficio (a peso)', 'Arabica a tostatura media, venduto al chilo in incrementi di 0,5 kg.'],
    fr: ['Café en grains pour le bureau (au poids)', 'Arabica torréfaction moyenne, vendu au kilo par paliers de 0,5 kg.'],
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
    de: ['DIY-Schreibtisch-Set (Gestell + Eichenplatte + Kabelwanne)', 'Bauen Sie Ihren eigenen Schreibtisch: Das Gestell kommt mit einer Eichenplatte und einer Kabelwanne.'],
    ja: ['DIYデスクセット（フレーム＋オーク天板＋ケーブルトレー）', '自分で組み立てるデスク：フレームにオーク天板とケーブルトレーが付きます。'],
    es: ['Kit de escritorio DIY (estructura + tablero de roble + bandeja pasacables)', 'Monta tu propio escritorio: la estructura incluye un tablero de roble y una bandeja pasacables.'],
    it: ['Kit scrivania fai-da-te (telaio + piano in rovere + canalina)', 'Costruisci la tua scrivania: il telaio include un piano in rovere e una canalina passacavi.'],
    fr: ['Kit bureau DIY (piètement + plateau en chêne + goulotte)', 'Montez votre propre bureau : le piètement est livré avec un plateau en chêne et une goulotte passe-câbles.'],
    nl: ['DIY-bureauset (frame + eiken blad + kabelgoot)', 'Bouw je eigen bureau: het frame komt met een eiken blad en een kabelgoot.'],
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
    de: ['Monitor-Lichtleiste mit gratis Schreibtischunterlage', 'Asymmetrische Lichtleiste ohne Blendung auf dem Bildschirm. Jede Leuchte kommt mit einer gratis Filz-Schreibtischunterlage.'],
    ja: ['モニターライトバー（デスクマット付き）', '非対称配光のライトバーで画面の映り込みなし。すべてのライトにフェルトデスクマットが無料で付きます。'],
    es: ['Barra de luz para monitor con alfombrilla de regalo', 'Barra de luz asimétrica, sin reflejos en la pantalla. Cada lámpara incluye una alfombrilla de fieltro gratis.'],
    it: ['Barra luminosa per monitor con tappetino in omaggio', 'Barra luminosa asimmetrica, nessun riflesso sullo schermo. Ogni lampada include un tappetino in feltro in omaggio.'],
    fr: ['Barre lumineuse pour écran avec sous-main offert', 'Barre lumineuse asymétrique, sans reflet sur l’écran. Chaque lampe est livrée avec un sous-main en feutre offert.'],
    nl: ['Monitorlichtbalk met gratis bureaumat', 'Asymmetrische lichtbalk, geen schittering op het scherm. Bij elke lamp zit een gratis vilten bureaumat.'],
  },
  'assembly-service': {
    de: ['Montageservice vor Ort', 'Ein Techniker baut Ihren Schreibtisch auf. Sie erhalten je gebuchtem Service einen Einlösecode.'],
    ja: ['出張組み立てサービス', '技術者がデスクを組み立てます。予約したサービスごとに利用コードが届きます。'],
    es: ['Servicio de montaje a domicilio', 'Un técnico monta tu escritorio. Recibes un código de uso por cada servicio reservado.'],
    it: ['Servizio di montaggio a domicilio', 'Un tecnico monta la tua scrivania. Ricevi un codice d’uso per ogni servizio prenotato.'],
    fr: ['Service de montage à domicile', 'Un technicien monte votre bureau. Vous recevez un code d’utilisation par service réservé.'],
    nl: ['Montageservice aan huis', 'Een monteur zet je bureau in elkaar. Je krijgt een gebruikscode per geboekte service.'],
  },
  'pro-desk-2027': {
    de: ['Pro Desk 2027 (Vorverkauf)', 'Jetzt mit 20 % Anzahlung reservieren; den Restbetrag im Restzahlungszeitraum zahlen.'],
    ja: ['Pro Desk 2027（予約販売）', '今なら20%の手付金で予約。残金は残金支払い期間内にお支払いください。'],
    es: ['Pro Desk 2027 (preventa)', 'Resérvalo ahora con un depósito del 20 %; paga el resto dentro del plazo de pago final.'],
    it: ['Pro Desk 2027 (prevendita)', 'Prenota ora con un acconto del 20%; paga il saldo entro il periodo di saldo.'],
    fr: ['Pro Desk 2027 (prévente)', 'Réservez maintenant avec un acompte de 20 % ; payez le solde pendant la période de solde.'],
    nl: ['Pro Desk 2027 (voorverkoop)', 'Reserveer nu met 20% aanbetaling; betaal het restant binnen de restbetalingsperiode.'],
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
    de: ['Büro-Schreibtisch-Paket x20 (Großmenge, Übergröße)', 'Zwanzig Schreibtische auf Paletten. Senden Sie eine Bestellanfrage, und wir verhandeln Lieferung und Preis.'],
    ja: ['オフィスデスク20台パック（大口・大型）', 'パレット積みのデスク20台。注文リクエストを送っていただければ、配送と価格をご相談します。'],
    es: ['Lote de 20 escritorios de oficina (a granel, gran volumen)', 'Veinte escritorios en palés. Envía una solicitud de pedido y negociamos la entrega y el precio.'],
    it: ['Confezione da 20 scrivanie (ingrosso, fuori misura)', 'Venti scrivanie su pallet. Invia una richiesta d’ordine e concordiamo consegna e prezzo.'],
    fr: ['Lot de 20 bureaux (gros volume, hors gabarit)', 'Vingt bureaux sur palettes. Envoyez une demande de commande et nous négocions la livraison et le prix.'],
    nl: ['Kantoorbureaupakket x20 (bulk, extra groot)', 'Twintig bureaus op pallets. Stuur een bestelaanvraag en we onderhandelen over levering en prijs.'],
  },
};

/** The `items.texts` value of a demo item. */
export function itemTexts(key: string): Record<string, { itemName: string; description: string }> {
  return Object.fromEntries(Object.entries(CATALOG_TEXTS[key] ?? {}).map(([lng, [itemName, description]]) => [lng, { itemName, description }]));
}
