/** One sign-in session, as stored in `staff_sessions`. */
export interface StaffSessionRecord {
  /** SHA-256 of the cookie's token (hex): a copy of the store signs no one in. */
  _id: string;
  /** A short random id for the session, carried in the gateway's assertion (sid). */
  sid: string;
  accountId: string;
  /** Echoed by the browser in X-CSRF-Token on unsafe methods; the gateway compares. */
  csrfToken: string;
  createdAt: string;
  expiresAt: string;
  /**
   * The last request the gateway resolved this session for, written at most once a minute. Absent on
   * sessions opened before idle sign-out existed: their createdAt stands in. The clean-up at each sign-in
   * removes a session idle past NEWSROOM_SESSION_IDLE_MINUTES (StaffSessionsRepository.deleteEnded).
   */
  lastUsedAt?: string;
  /** Where the sign-in came from (the client's address as the gateway saw it). */
  address: string;
}
