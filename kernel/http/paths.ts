/**
 * Files (scripts, styles, fonts, images) rather than pages or API calls: they need neither
 * the anti-forgery cookie nor the document headers, and carrying them would only add bytes
 * to every asset and stop shared caches from keeping them.
 */
export function isAssetPath(path: string): boolean {
  return !path.startsWith('/api/') && /\.[a-z0-9]+$/i.test(path) && !path.endsWith('.html');
}
