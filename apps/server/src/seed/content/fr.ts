import { RULES as R, sec, type LanguageContent } from './types.js';

export const fr: LanguageContent = {
  policies: (site) => ({
    privacy: {
      title: 'Politique de confidentialité',
      html:
        sec(
          'Responsable du traitement',
          `Cette politique explique comment le Mall (site ${site.name}) traite vos données personnelles conformément au RGPD.`,
        ) +
        sec('Données traitées', [
          'Compte : adresse e-mail, pseudonyme et mot de passe chiffré',
          'Commandes : adresses de livraison et de facturation, téléphone, articles, avis et demandes de service après-vente',
          "Paiement : la carte est traitée par le prestataire de paiement ; nous ne gardons qu'un jeton et les quatre derniers chiffres",
          'Cookies de session, de site et de langue',
        ]) +
        sec(
          'Finalités',
          'Traiter et livrer vos commandes, gérer remboursements, retours et échanges, prévenir la fraude et, avec votre accord seulement, vous envoyer des offres.',
        ) +
        sec(
          'Destinataires',
          'La boutique vendeuse de chaque commande, les transporteurs et les prestataires de paiement. Nous ne vendons pas vos données.',
        ) +
        sec(
          'Vos droits',
          "Vous disposez des droits d'accès, de rectification, d'effacement, de limitation, de portabilité et d'opposition : écrivez à confidentialite@demo.shop. Vous pouvez saisir la CNIL.",
        ),
    },
    terms: {
      title: 'Conditions générales de vente',
      html:
        sec(
          "Champ d'application",
          `Les présentes conditions s'appliquent à toute commande passée sur le site ${site.name} du Mall. Chaque article est vendu par la boutique indiquée sur sa page.`,
        ) +
        sec(
          'Commande et paiement',
          `Une commande non payée est automatiquement annulée ${R.payMinutes} minutes après sa validation.`,
        ) +
        sec(
          'Prix',
          `Les prix s'entendent TVA de ${site.vat} % comprise. Les frais de livraison sont indiqués avant le paiement.`,
        ) +
        sec(
          'Livraison et réception',
          `Confirmez la réception une fois tout expédié ; à défaut, la commande est confirmée automatiquement ${R.receiptDays} jours après l'expédition (prolongeable ${R.postponeTimes} fois de ${R.postponeDays} jours).`,
        ) +
        sec(
          'Droit de rétractation',
          `Vous disposez de 14 jours à compter de la réception pour vous rétracter sans motif. Le vendeur examine chaque demande sous ${R.auditDays} jours ; les retours acceptés sont à renvoyer sous ${R.returnDays} jours. Le remboursement se fait par le moyen de paiement initial.`,
        ),
    },
    warranty: {
      title: 'Garantie',
      html:
        sec(
          'Garantie du fabricant',
          'Structures et moteurs : 5 ans ; plateaux, sièges et accessoires : 2 ans à compter de la livraison.',
        ) +
        sec(
          'Garanties légales',
          "Cette garantie s'ajoute à la garantie légale de conformité (2 ans) et à la garantie des vices cachés.",
        ) +
        sec(
          'Faire une demande',
          `Ouvrez votre commande, choisissez le service après-vente et décrivez le problème avec des photos. Le vendeur répond sous ${R.auditDays} jours.`,
        ),
    },
    shipping: {
      title: 'Politique de livraison',
      html:
        sec(
          'Modes de livraison',
          'Chaque boutique affiche au paiement ses modes, tarifs et délais de livraison. La livraison standard est offerte au-delà du montant indiqué par chaque boutique.',
        ) +
        sec(
          'Suivi',
          "Après l'expédition, suivez chaque colis depuis votre commande avec le transporteur et le numéro de suivi.",
        ),
    },
  }),
  categories: [
    { code: 'guides', name: "Guides d'achat" },
    { code: 'actualites', name: 'Actualités' },
  ],
  articles: [
    {
      category: 'guides',
      pinned: true,
      daysAgo: 4,
      author: 'Rédaction',
      title: 'Bien choisir son bureau assis-debout',
      summary: 'Amplitude de hauteur, moteurs et taille du plateau.',
      html: '<h2>Hauteur</h2><p>Mesurez la hauteur de vos coudes assis et debout ; le bureau doit atteindre les deux.</p><h2>Plateau</h2><p>160 × 80 cm pour deux écrans.</p>',
    },
    {
      category: 'actualites',
      daysAgo: 12,
      author: 'Équipe Mall',
      title: 'Des avis avec photos',
      summary: "Partagez jusqu'à six photos avec votre avis.",
      html: "<p>Vous pouvez désormais ajouter jusqu'à six photos à votre avis.</p>",
    },
  ],
};
