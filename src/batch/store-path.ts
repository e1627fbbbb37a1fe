// The one rule for a path inside a store, shared by the folder and the bucket: a row's key or a config ends up
// in these paths, so a path that could climb out of the run's place is refused before it reaches disk or S3.

/**
 * The '/'-separated segments of `path`, or a refusal in words: a path that is empty or absolute, has an empty,
 * `.` or `..` segment, or holds a backslash (a separator on Windows) would let a row write outside its run.
 */
export function storeSegments(path: string): string[] {
  const segments = path.split('/');
  if (path === '' || path.includes('\\') || segments.some((segment) => segment === '' || segment === '.' || segment === '..')) {
    throw new Error(`The store refuses the path ${JSON.stringify(path)}: give a relative path of plain names separated by '/', with no '.' or '..'.`);
  }
  return segments;
}
