import { Conflict, Forbidden, NotFound } from '../../kernel/http/index.ts';

/** No such comment, or not one the asker may see: hidden, deleted, or on a fundraiser hidden from them. */
export class CommentNotFound extends NotFound {
  constructor() {
    super('comment_not_found');
  }
}

/** A comment sent in another user's name. */
export class AuthorMismatch extends Forbidden {
  constructor() {
    super('author_mismatch');
  }
}

/** A suspended fundraiser takes no comments (not even from its organiser or an admin), and only admins remove any. */
export class CommentsClosed extends Conflict {
  constructor() {
    super('comments_closed');
  }
}

/** The same text by the same author again within a minute: a double click, or a script. */
export class CommentRepeated extends Conflict {
  constructor() {
    super('comment_repeated');
  }
}

/** Neither its author, nor the fundraiser's organiser, nor an admin. */
export class NotCommentAuthor extends Forbidden {
  constructor() {
    super('comment_not_yours');
  }
}

/** No donation with words of support shown to the asker: none, hidden already, or on a fundraiser hidden from them. */
export class WordsNotFound extends NotFound {
  constructor() {
    super('words_not_found');
  }
}

/** Neither the fundraiser's organiser nor an admin: a donor's words are not theirs to hide. */
export class NotWordsModerator extends Forbidden {
  constructor() {
    super('words_not_yours');
  }
}

/** Every code this module answers with, for the test that both catalogues hold them. */
export const commentErrorCodes = [
  'comment_not_found',
  'author_mismatch',
  'comments_closed',
  'comment_repeated',
  'comment_not_yours',
  'field.hide_reason',
  'words_not_found',
  'words_not_yours',
] as const;
