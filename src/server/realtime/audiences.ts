/**
 * What each audience of a socket event may read of it (CHECKLIST 16): an event is a projection of the
 * record for its receivers, never more than their answers carry. Sockets join one audience room at
 * handshake, by the roles their session had then (a change of roles ends the session and its sockets).
 */
export const STAFF_ROOM = 'staff';
export const LEADS_ROOM = 'leads';

type Row = Record<string, unknown>;

const omit = (row: Row, fields: readonly string[]): Row => Object.fromEntries(Object.entries(row).filter(([key]) => !fields.includes(key)));

/**
 * What a card payer gave the gateway beside the card: its own to read (its deposit), not staff's, who
 * need the amount, status, brand and last four digits to follow a payment.
 */
export const PAYER_FIELDS = ['street', 'zipCode', 'phone', 'cardExpirationDate'] as const;

/** A deposit as staff see it in an event. */
export const depositForStaff = (deposit: Row): Row => omit(deposit, PAYER_FIELDS);

/** Above this many leads named by the writes of one interval, `changes` goes to every lead (one room, not thousands). */
export const MAX_LEAD_ROOMS = 1_000;
