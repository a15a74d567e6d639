// A stored record that does not have its stored shape, whichever store read it: the Firestore
// repositories' schemas throw it, and the vault listing and the team-key rotation tell it apart from
// other failures without depending on a concrete repository.

/** A stored document that does not have its stored shape: the path and what is wrong with it. */
export class MalformedRecordError extends Error {
  /** What is wrong, without the path: 'field "updatedAt" is missing or has the wrong type'. */
  readonly problem: string;

  /** `field` names the wrong field, or (`described`) is already a whole `problem`. */
  constructor(path: string, field: string, described = false) {
    const problem = described ? field : `field "${field}" is missing or has the wrong type`;
    super(`${path}: ${problem}`);
    this.name = 'MalformedRecordError';
    this.problem = problem;
  }
}
