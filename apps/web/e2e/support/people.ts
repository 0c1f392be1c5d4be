/**
 * The borrowers the browser specs verify, each with the face fixture he shows live (and, for the
 * review, the older photo on his card). Every spec talks to one server, where one face verifies
 * one identity (docs/identity.md, "One person, one identity"): a live face appears here once, so a
 * new spec takes a face nobody uses (the checks below fail at once when two share one). Which
 * synthetic turns each face performs: `measuredTurns` in the server's identity kit.
 */
export const specBorrowers = {
  verifyBeforeSigning: { phone: "01034567890", face: "detect4.jpg" },
  faceReview: { phone: "01055559876", face: "detect1.jpg", cardFace: "faceid.jpg" },
  sharedDebt: { phone: "01067670001", face: "detect2.jpg" },
  idCardAfterSigningKorean: { phone: "01055550033", face: "faceid.jpg" },
  idCardAfterSigningTaiwanese: { phone: "01055550034", face: "detect3.jpg" },
} as const;

const people = Object.values(specBorrowers);
const liveFaces = people.map((person) => person.face);
const phones = people.map((person) => person.phone);
if (new Set(liveFaces).size !== liveFaces.length) {
  throw new Error(`two spec borrowers show one live face: ${liveFaces.join(", ")}`);
}
if (new Set(phones).size !== phones.length) {
  throw new Error(`two spec borrowers share a phone: ${phones.join(", ")}`);
}
