/** The schema the card form's holder fields validate with, loaded on first need (CardForm). */
export { CardForm } from '@mall/contracts';
