import { str, type Doc } from '../mappers';

/** Who a contact message or an admin account is about: both collections name a person the same way. */
export function contactOf(doc: Doc) {
  return {
    id: String(doc.id),
    firstname: str(doc.firstname),
    lastname: str(doc.lastname),
    email: str(doc.email),
    telephone: str(doc.telephone) || null,
  };
}
