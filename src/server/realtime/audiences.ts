/**
 * What each audience of a socket event may read of it (CHECKLIST 16): an event is a projection of the
 * record for its receivers, never more than their answers carry. Sockets join one audience room at
 * handshake, by the roles their session had then (a change of roles ends the session and its sockets).
 */
export const STAFF_ROOM = 'staff';
export const LEADS_ROOM = 'leads';

/**
 * The reader an event to every admin is projected for (`publicRecord`): an admin who is none of the
 * record's own people, so it carries what any admin in the room may read and no one's own fields.
 */
export const ADMIN_READER = { id: '', roles: ['admin'] } as const;

/** Above this many leads named by the writes of one interval, `changes` goes to every lead (one room, not thousands). */
export const MAX_LEAD_ROOMS = 1_000;
