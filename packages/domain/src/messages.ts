/**
 * Every user-facing message the domain, the SDK and the server can produce, as a stable key.
 * Keys, not sentences: `@chayong/i18n` translates each one into ko-KR and zh-TW, and its tests
 * fail when a key here has no translation. Add a key here first, then its translations.
 *
 * The comment after each key is the spec's wording (docs/errors.md or decisions.md).
 */
export const messageKeys = [
  // Generic prompts (docs/validation.md#generic-prompts)
  "common.pleaseFillIn", // 'please fill in'
  "common.pleaseSelect", // 'please select'
  "common.operationTooFrequent", // 'operation too frequent'
  "common.submitting", // 'submitting, please wait'
  "common.unknownField", // a field the endpoint does not accept
  "common.invalidValue", // a value of the wrong shape

  // Text rules of every request field (docs/input-text.md)
  "text.invalidCharacters", // control characters, broken (ill-formed) characters, direction overrides
  "text.tooLong", // params: max

  // Money (docs/money.md#amounts-and-dates)
  "money.notInteger", // amounts are whole numbers in the smallest currency unit
  "money.negative",
  "money.tooLarge",

  // Phone numbers (docs/login.md#phone-numbers)
  "phone.required",
  "phone.invalid",
  "phone.notMobile", // login and borrower phones must receive SMS

  // Contract creation (docs/validation.md#contract-creation)
  "contract.name.required",
  "contract.borrowerPhone.required",
  "contract.borrowerPhone.isLender", // the lender's own phone: a contract needs another person
  "contract.loanAmount.required", // 'enter loan amount'
  "contract.loanAmount.notPositive",
  "contract.disbursedAmount.required", // 'enter disbursement amount'
  "contract.disbursedAmount.exceedsLoan", // disbursed <= loan amount
  "contract.disbursedAmount.notPositive", // nothing disbursed is no loan
  "contract.loanDate.required", // 'select loan date'
  "contract.loanDate.invalid", // 'select a correct loan date' (not a day YYYY-MM-DD)
  "contract.repaymentDate.required", // 'select repayment date'
  "contract.repaymentDate.invalid", // 'select correct repayment date' (not a date)
  "contract.repaymentDate.tooFar", // more than {years} (5) years after the loan date
  "contract.repaymentDate.beforeLoanDate", // the repayment date must be after the loan date
  "contract.overdueRate.required", // 'enter overdue rate'
  "contract.overdueRate.invalid",
  "contract.overdueRate.aboveCap", // overdue rate above the legal cap (names both rates)
  "contract.instalmentCount.outOfRange", // 2 to 10
  "contract.instalmentAmount.required",
  "contract.instalmentInterval.required",
  "contract.instalmentTotal.belowLoan", // 'instalment total amount is less than the loan amount'
  "contract.repaymentAmount.required", // a single payment's one repayment (its total)
  "contract.repaymentAmount.belowLoan", // a single payment's repayment is less than the loan
  "contract.serviceFee.invalid",
  "contract.serviceFee.notBelowDisbursed", // the fee must leave the borrower some of the money
  "contract.lender.required",
  "contract.merchantName.required",
  "contract.rate.aboveCap", // effective annual rate above the legal cap (names both rates)
  "contract.rate.unsolvable", // cash flows for which no effective rate exists
  "contract.borrowerBlocked", // the lender blocked this phone
  "customer.notBlocked", // unblocking a phone that is not on the block list
  "contract.notFound", // 'failed to get contract information'
  "contract.noResults", // 'no related contract info'
  "contract.alreadySigned",
  "contract.cancelNotAllowed", // cancel only before signing
  "contract.pdf.notSigned", // the signed contract's PDF exists only once signed
  "contract.operationNotAllowed", // money operations only after signing
  "contract.notYourContract",
  "contract.linkExpired", // the share link is past its 7 days; the lender can issue a new one
  "contract.linkReissueNotAllowed", // a new link only for a contract not yet signed or cancelled
  "contract.overdueNotAcknowledged", // signing a contract already overdue needs the borrower's tick

  // Repayment received ("write-off / partial repayment") and waiver (docs/validation.md#repayment-and-waiver, docs/money.md)
  "operation.instalment.required", // an instalment must be chosen
  "operation.instalment.unknown",
  "operation.amount.required", // 'enter write-off amount or waiver amount'
  "operation.amount.notPositive",
  "operation.amount.exceedsOutstanding", // never over-apply money
  "operation.receivedOn.required", // the write-off date (the day the repayment was received)
  "operation.receivedOn.beforeLoan",
  "operation.receivedOn.inFuture",
  "operation.reversal.unknownEntry",
  "operation.reversal.alreadyReversed",
  "operation.reversal.notReversible", // a reversal itself cannot be reversed
  "operation.instalment.settled", // nothing is outstanding on the chosen instalment
  "operation.idempotencyKey.reused", // one key, one action: a retry must send the same request

  // Renewal (docs/validation.md#renewal)
  "renewal.instalment.required",
  "renewal.date.required",
  "renewal.date.invalid", // 'select a correct renewal date' (not a date)
  "renewal.date.notAfterDueDate", // must be after the current due date {dueDate}
  "renewal.date.past", // must not be before today {today}
  "renewal.date.tooLate", // within {years} years of the loan date: by {latest}

  // ID card page (docs/validation.md#id-card-page)
  "identity.frontPhoto.required",
  "identity.backPhoto.required",
  "identity.holdingPhoto.required",
  "identity.name.required",
  "identity.idNumber.required",
  "identity.idNumber.invalid",
  "identity.idNumber.birthdayMismatch", // the number's birth date differs from the birthday
  "identity.idNumber.genderMismatch", // the number's sex digit differs from the gender
  "identity.idNumber.cardMismatch", // the number typed is not the one printed on the card
  "identity.idNumber.newPhotosNeeded", // another number than the one confirmed, on the kept (masked) photos
  "identity.gender.required",
  "identity.birthday.required",
  "identity.birthday.future", // a birthday after today
  "identity.address.required",
  "identity.contact1.name.required",
  "identity.contact1.phone.required",
  "identity.contact1.relation.required",
  "identity.contact2.name.required",
  "identity.contact2.phone.required",
  "identity.contact2.relation.required",
  "identity.contact.phoneDuplicate", // phones distinct from the borrower's and each other
  "identity.contact.count", // exactly two emergency contacts
  "identity.validPhoneNote", // 'use a valid phone number, invalid numbers cause application failure'
  "identity.uploadPending", // 'wait for image upload to finish'
  "identity.faceFailed", // 'live face verification failed, try again later'
  "identity.face.noFace", // the live capture shows no face
  "identity.face.severalFaces", // the live capture shows more than one face
  "identity.face.noCardFace", // no face found on the ID card front or the holding photo
  "identity.face.cardMismatch", // the face on the ID card front is not the live capture's
  "identity.face.holderMismatch", // the person holding the card in the holding photo is not the live capture's
  "identity.faceFirst", // the ID card is confirmed after the live face check
  "identity.photo.invalid", // a photo that is not one of the caller's uploads
  "identity.photo.sameTwice", // one picture uploaded into two photo slots
  "identity.photo.numberUnreadable", // the card's ID number cannot be found in the photo to mask it
  "identity.idCard.maskingUnavailable", // no OCR engine on the server to mask the card photos
  "identity.face.notLive", // an ID card photo sent as the live capture (or the other way round)
  // Liveness (docs/identity.md, "Liveness")
  "identity.liveness.challengeExpired", // the challenge is unknown, used or expired: start again
  "identity.liveness.faceLost", // a frame shows no face or several
  "identity.liveness.faceChanged", // the frames show someone else than the capture
  "identity.liveness.followInstruction", // 'follow the instruction on the screen'
  "identity.liveness.notLive", // the passive scores take the face for a replay
  "identity.lockedAfterSigning", // identity details stay as signed once a contract is signed
  "identity.ocrUnavailable",
  "identity.notVerified",
  "identity.underReview", // signing waits for the lender's look at a face check that came out review
  "identity.reviewRefused", // the lender refused that face check
  "identity.review.notNeeded", // a review decision on a check that needs none, or was decided
  "identity.oneIdentity.faceElsewhere", // this face is verified on another account with another ID number
  "identity.oneIdentity.idNumberElsewhere", // this ID number is verified on another account with another face

  // Login (docs/validation.md#login)
  "login.phone.required",
  "login.code.required",
  "login.code.invalid",
  "login.code.expired",
  "login.code.tooManyAttempts",
  "login.sms.cooldown", // resend cooldown 60 s
  "login.sms.hourlyLimit", // at most 5 sends per phone per hour
  "login.sms.ipLimit", // per-IP limit
  "login.sms.deliveryFailed",

  // Signing (docs/validation.md#signing)
  "signature.incomplete", // 'please complete signature'
  "signature.empty", // 'no signature detected'
  "signature.invalidImage",
  "signature.tooLarge",

  // Templates (docs/validation.md#templates)
  "template.name.required",
  "template.lender.required",
  "template.merchantName.required",
  "template.notFound",
  "template.noResults", // 'no template info'

  // Shared-debt query (docs/validation.md#shared-debt-query)
  "sharedDebt.bankCard.invalid", // a card number that is not 10-19 digits
  "sharedDebt.phone.required",
  "sharedDebt.idNumber.required",
  "sharedDebt.notFound", // 'shared-debt info not found'

  // Offline loan reports (docs/customers.md#offline-loan-reports; docs/customers.md)
  "offlineLoan.amount.required",
  "offlineLoan.amount.notPositive",
  "offlineLoan.outstanding.exceedsAmount", // what is still owed is more than the amount
  "offlineLoan.outstanding.notZeroWhenSettled", // a settled loan owes nothing
  "offlineLoan.outstanding.zeroWhileOwed", // a loan in progress or overdue owes something
  "offlineLoan.loanDate.required",
  "offlineLoan.loanDate.future", // reported once made, never ahead
  "offlineLoan.state.required",
  "offlineLoan.notFound", // not one of the lender's own reports (or withdrawn)

  // Uploads (docs/validation.md#uploads)
  "upload.filesNotArray", // 'files 必须是数组类型'
  "upload.noTokenProvider", // cloud upload needs a way to obtain the upload token
  "upload.tooLarge", // 'image too large, please re-upload'
  "upload.notImage",
  "upload.noFile", // a multipart upload without a file in the field 'file'
  "upload.oneFileOnly", // one file a request: several go one after another
  "upload.cloudUnavailable", // cloud upload credentials exist only where files live in S3
  "upload.notFound", // a handed-over cloud object that is not there (or not the caller's)

  // Session, access and transport (docs/errors.md#envelope-statuses-and-keys)
  "session.invalid", // envelope 301
  "session.dataError", // 'data error, please log in again'
  "access.forbidden",
  "access.notFound",
  "request.invalidCiphertext", // 'data validation failed'
  "request.bodyTooLarge",
  "request.tooFrequent",
  "server.error",
  "server.unavailable", // envelope 503: the database does not answer (docs/operations.md)
  "server.storageFull", // envelope 503: no space left for the database or the files
  "server.busy", // envelope 503: more calls than the process can answer now
] as const;

export type MessageKey = (typeof messageKeys)[number];

const messageKeySet: ReadonlySet<string> = new Set(messageKeys);

export function isMessageKey(value: string): value is MessageKey {
  return messageKeySet.has(value);
}
