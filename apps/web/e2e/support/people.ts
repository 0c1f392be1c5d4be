/**
 * The borrowers the browser specs verify: the face fixture each shows live (and, for the review,
 * the older photo on his card) and the seed of his ID card (name, number, address). Every spec
 * talks to one server, where one face verifies one identity and one ID number one face
 * (docs/identity.md, "One person, one identity"): the same face with the same number on another
 * phone is the same person, linked; with another number it is refused. The checks below fail at
 * once when two entries break that, so a new spec takes a face and a seed nobody uses. Which
 * synthetic turns each face performs: `measuredTurns` in the server's identity kit.
 */
export const specBorrowers = {
  /** What `verifyBorrower()` verifies without options: one person on several specs' phones. */
  kitDefault: { face: "faceid.jpg", seed: 1 },
  verifyBeforeSigning: { phone: "01034567890", face: "detect4.jpg", seed: 11 },
  faceReview: { phone: "01055559876", face: "detect1.jpg", cardFace: "faceid.jpg", seed: 41 },
  sharedDebt: { phone: "01067670001", face: "detect2.jpg", seed: 67 },
  /** The kit's default person again, on this spec's phone. */
  idCardAfterSigningKorean: { phone: "01055550033", face: "faceid.jpg", seed: 1 },
  idCardAfterSigningTaiwanese: { phone: "01055550034", face: "detect3.jpg", seed: 34 },
} as const;

const people: readonly { phone?: string; face: string; seed: number }[] =
  Object.values(specBorrowers);
const seedOfFace = new Map<string, number>();
const faceOfSeed = new Map<number, string>();
for (const { face, seed } of people) {
  if ((seedOfFace.get(face) ?? seed) !== seed || (faceOfSeed.get(seed) ?? face) !== face) {
    throw new Error(`${face} with seed ${seed}: that face or that ID card is another person's`);
  }
  seedOfFace.set(face, seed);
  faceOfSeed.set(seed, face);
}
const phones = people.flatMap((person) => (person.phone ? [person.phone] : []));
if (new Set(phones).size !== phones.length) {
  throw new Error(`two spec borrowers share a phone: ${phones.join(", ")}`);
}
