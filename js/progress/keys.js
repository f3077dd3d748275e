// The keys of the saved progress, as site_src/course.py names what they belong to: a gap (L07.init),
// a lab (07-1) or a question (07-q1, 07-r1). tests/unit/test_gaps_agree_with_the_page.py keeps the
// two equal.

/**
 * Whether a key of the saved progress belongs to a lesson.
 * @param {string} key
 * @param {number} lesson
 */
export function ofLesson(key, lesson) {
  const nn = String(lesson).padStart(2, "0");
  return key.startsWith(`L${nn}.`) || key.startsWith(`${nn}-`);
}
