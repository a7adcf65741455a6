import { Forbidden, NotFound } from '../../kernel/http/index.ts';

export class ReportFundraiserNotFound extends NotFound {
  constructor() {
    super('report_fundraiser_not_found');
  }
}

/** Signed in, but neither organiser, co-organiser nor admin of what the report is about. */
export class ReportNotAllowed extends Forbidden {
  constructor() {
    super('report_not_allowed');
  }
}
