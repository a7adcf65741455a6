import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Where the suites build the site: outside the working copy, and one folder for every suite
 * of a run, which the builder is made to share (as servers on one folder do), so that a
 * build of the current sources is made once and reused.
 */
export const testSiteDir = join(tmpdir(), 'fundraise-test-site');
