// The paging loop both Firestore SDKs share (the full one in firestoreVaultRepositories.ts, the
// lite one in litePages.ts): pages on the document id, the next asked for as soon as this one's
// last id is known, so the network works while the caller decrypts this page.

/** Documents as read: [id, data]. */
export type Documents = (readonly [string, unknown])[];

/** What a page read answers, in either SDK. */
export interface PageSnapshot {
  readonly size: number;
  readonly docs: readonly { readonly id: string; data(): unknown }[];
}

/** Every document `read` pages through, `pageSize` at a time; `read(null)` is the first page, `read(id)` the page after that id. */
export async function* cursorPages(read: (after: string | null) => Promise<PageSnapshot>, pageSize: number): AsyncGenerator<Documents> {
  let next: Promise<PageSnapshot> | null = read(null);
  while (next !== null) {
    const snapshot: PageSnapshot = await next;
    const last = snapshot.size < pageSize ? undefined : snapshot.docs[snapshot.size - 1]?.id;
    next = last === undefined ? null : read(last);
    // Its failure is thrown where it is awaited; a caller that stops early leaves no unhandled rejection.
    next?.catch(() => undefined);
    yield snapshot.docs.map((document) => [document.id, document.data()] as const);
  }
}
