import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { boundaryProblem, foreignEntityProblem } from './module-boundaries.ts';

describe('module boundaries', () => {
  it('lets a module use its own files and other modules only through their faces', () => {
    assert.equal(boundaryProblem('modules/donations/donation.service.ts', 'modules/donations/donation.entity.ts', false), null);
    assert.equal(boundaryProblem('modules/donations/donation.service.ts', 'modules/fundraisers/index.ts', false), null);
    assert.match(boundaryProblem('modules/donations/donation.service.ts', 'modules/fundraisers/fundraiser.entity.ts', false) ?? '', /only through its face/);
    assert.match(boundaryProblem('modules/donations/donation.test.ts', 'modules/fundraisers/fundraiser.service.ts', false) ?? '', /only through its face/);
  });

  it('keeps the composition root out of modules, the kernel and the site, but lets tests build the app', () => {
    assert.match(boundaryProblem('modules/payments/payment.service.ts', 'api/config.ts', false) ?? '', /composition root/);
    assert.match(boundaryProblem('kernel/http/route.ts', 'api/logger.ts', false) ?? '', /composition root/);
    assert.equal(boundaryProblem('modules/payments/stripe.test.ts', 'api/config.ts', false), null);
    assert.equal(boundaryProblem('modules/payments/payment.service.ts', 'kernel/http/index.ts', false), null);
  });

  it('keeps the kernel free of modules', () => {
    assert.match(boundaryProblem('kernel/http/context.ts', 'modules/sessions/index.ts', true) ?? '', /must not depend on a module/);
    assert.equal(boundaryProblem('kernel/http/error-handler.test.ts', 'modules/accounts/index.ts', false), null);
    assert.match(boundaryProblem('kernel/http/error-handler.test.ts', 'modules/accounts/user.entity.ts', false) ?? '', /must not depend on a module/);
  });

  it('lets the site take only types, and only from schema files', () => {
    assert.equal(boundaryProblem('site/src/lib/fundraiser.ts', 'modules/fundraisers/fundraiser.schemas.ts', true), null);
    assert.match(boundaryProblem('site/src/lib/fundraiser.ts', 'modules/fundraisers/fundraiser.schemas.ts', false) ?? '', /only types/);
    assert.match(boundaryProblem('site/src/lib/fundraiser.ts', 'modules/fundraisers/index.ts', true) ?? '', /only types/);
    assert.match(boundaryProblem('site/src/lib/api.ts', 'kernel/http/index.ts', true) ?? '', /only types, and only from schema files/);
    assert.equal(boundaryProblem('site/src/lib/api.ts', 'kernel/http/error.schemas.ts', true), null);
    assert.equal(boundaryProblem('site/src/data/site-data.ts', 'api/site/snapshot.schemas.ts', true), null);
    assert.match(boundaryProblem('site/src/data/site-data.ts', 'api/site/snapshot.ts', true) ?? '', /only types/);
    assert.match(boundaryProblem('site/src/data/site-data.ts', 'api/site/snapshot.schemas.ts', false) ?? '', /only types/);
  });

  it("keeps other modules' entity schemas to entity files, the entity list, tests, their helpers and benchmarks", () => {
    assert.match(foreignEntityProblem('modules/payments/payment.start.ts', 'modules/donations/index.ts', ['DonationSchema', 'findDonation']) ?? '', /^DonationSchema: .*modules\/donations\/index\.ts/);
    assert.match(foreignEntityProblem('api/app.ts', 'modules/accounts/index.ts', ['UserSchema']) ?? '', /UserSchema/);
    assert.equal(foreignEntityProblem('modules/payments/payment.start.ts', 'modules/donations/index.ts', ['findDonation', 'donationStatuses']), null);
    assert.equal(foreignEntityProblem('modules/donations/donation.service.ts', 'modules/donations/donation.entity.ts', ['DonationSchema']), null);
    assert.equal(foreignEntityProblem('modules/payments/payment.entity.ts', 'modules/donations/index.ts', ['DonationSchema']), null);
    assert.equal(foreignEntityProblem('db/entities.ts', 'modules/accounts/index.ts', ['UserSchema']), null);
    assert.equal(foreignEntityProblem('modules/payments/payment.refund.test.ts', 'modules/donations/index.ts', ['DonationSchema']), null);
    assert.equal(foreignEntityProblem('tests/helpers/fundraisers.ts', 'modules/fundraisers/index.ts', ['FundraiserSchema']), null);
    assert.equal(foreignEntityProblem('scripts/bench-donations.ts', 'modules/fundraisers/index.ts', ['FundraiserSchema']), null);
    assert.match(foreignEntityProblem('modules/reports/report.access.ts', 'modules/fundraisers/index.ts', ['*']) ?? '', /namespace import/);
    assert.equal(foreignEntityProblem('modules/reports/report.access.test.ts', 'modules/fundraisers/index.ts', ['*']), null);
    assert.match(foreignEntityProblem('scripts/seed.ts', 'modules/fundraisers/index.ts', ['FundraiserSchema']) ?? '', /FundraiserSchema/);
  });
});
