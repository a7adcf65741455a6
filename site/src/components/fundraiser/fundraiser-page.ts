/**
 * The fundraiser page's only script, emitted as a file (it imports shared chunks), since
 * the server's CSP hashes only inline scripts found in pre-rendered pages.
 */
import { setUpCopyLinks } from './share';
import './owner-loader';

setUpCopyLinks();
