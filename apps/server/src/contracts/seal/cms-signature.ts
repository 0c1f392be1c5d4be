import { createHash, sign, verify, X509Certificate } from "node:crypto";
import forge from "node-forge";
import { certificateSha256, type SigningCertificate } from "./signing-certificate";

/**
 * The CMS signature a sealed PDF carries (PAdES baseline B-B, ETSI EN 319 142-1): SignedData
 * over the PDF's signed byte ranges, detached, with the signed attributes content type, message
 * digest and signing certificate v2, and no signing time (PAdES takes it from the signature
 * dictionary). Built here because node-forge's PKCS#7 writer knows no signing-certificate-v2
 * attribute; node-forge only encodes the ASN.1, Node's crypto hashes and signs.
 */

const { asn1 } = forge;
const oids = {
  signedData: "1.2.840.113549.1.7.2",
  data: "1.2.840.113549.1.7.1",
  sha256: "2.16.840.1.101.3.4.2.1",
  rsaEncryption: "1.2.840.113549.1.1.1",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingCertificateV2: "1.2.840.113549.1.9.16.2.47",
};

const seq = (value: forge.asn1.Asn1[]) =>
  asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, value);
const set = (value: forge.asn1.Asn1[]) =>
  asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SET, true, value);
const oid = (id: string) =>
  asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(id).getBytes());
const octets = (bytes: Uint8Array) =>
  asn1.create(
    asn1.Class.UNIVERSAL,
    asn1.Type.OCTETSTRING,
    false,
    Buffer.from(bytes).toString("binary"),
  );
const integer = (value: number) =>
  asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, String.fromCharCode(value));
const nullValue = () => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.NULL, false, "");
const algorithm = (id: string) => seq([oid(id), nullValue()]);
// Bit strings left undecoded, so a certificate re-encodes to its own bytes; bytes after the
// first value (a signature's zero padding in the PDF) are ignored. (@types/node-forge knows only
// the older boolean argument.)
const parseDer = asn1.fromDer as unknown as (
  bytes: forge.util.ByteStringBuffer,
  options: { decodeBitStrings: boolean; parseAllBytes: boolean },
) => forge.asn1.Asn1;
const fromDer = (der: Uint8Array) =>
  parseDer(forge.util.createBuffer(Buffer.from(der).toString("binary")), {
    decodeBitStrings: false,
    parseAllBytes: false,
  });
const toBytes = (node: forge.asn1.Asn1) =>
  new Uint8Array(Buffer.from(asn1.toDer(node).getBytes(), "binary"));
const attribute = (type: string, value: forge.asn1.Asn1) => seq([oid(type), set([value])]);

/** A certificate's issuer and serial number, copied as its own bytes encode them. */
function issuerAndSerial(certificateDer: Uint8Array): forge.asn1.Asn1 {
  const tbs = (fromDer(certificateDer).value as forge.asn1.Asn1[])[0];
  const fields = tbs?.value as forge.asn1.Asn1[];
  // tbsCertificate: [0] version, serialNumber, signature, issuer, ...
  const offset = fields[0]?.tagClass === asn1.Class.CONTEXT_SPECIFIC ? 1 : 0;
  const serial = fields[offset];
  const issuer = fields[offset + 2];
  if (serial === undefined || issuer === undefined) throw new Error("unreadable certificate");
  return seq([issuer, serial]);
}

/** The signed attributes, DER-sorted as a SET OF must be. */
function signedAttributes(digest: Uint8Array, certificateDer: Uint8Array): forge.asn1.Asn1[] {
  const certHash = createHash("sha256").update(certificateDer).digest();
  const attributes = [
    attribute(oids.contentType, oid(oids.data)),
    attribute(oids.messageDigest, octets(digest)),
    // SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2 }; ESSCertIDv2 with the
    // default hash algorithm (SHA-256) leaves it out.
    attribute(oids.signingCertificateV2, seq([seq([seq([octets(certHash)])])])),
  ];
  return attributes
    .map((node) => ({ node, der: Buffer.from(toBytes(node)) }))
    .sort((a, b) => Buffer.compare(a.der, b.der))
    .map(({ node }) => node);
}

/** The detached CMS signature of `content` (the PDF's signed byte ranges), DER. */
export function signDetached(content: Uint8Array, certificate: SigningCertificate): Uint8Array {
  const digest = createHash("sha256").update(content).digest();
  const attributes = signedAttributes(digest, certificate.certificateDer);
  // Signed as a SET; carried as [0] IMPLICIT.
  const signature = sign("sha256", toBytes(set(attributes)), certificate.keyPem);
  const signerInfo = seq([
    integer(1),
    issuerAndSerial(certificate.certificateDer),
    algorithm(oids.sha256),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, attributes),
    algorithm(oids.rsaEncryption),
    octets(signature),
  ]);
  const signedData = seq([
    integer(1),
    set([algorithm(oids.sha256)]),
    seq([oid(oids.data)]),
    asn1.create(
      asn1.Class.CONTEXT_SPECIFIC,
      0,
      true,
      [certificate.certificateDer, ...certificate.chainDer].map(fromDer),
    ),
    set([signerInfo]),
  ]);
  return toBytes(
    seq([oid(oids.signedData), asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [signedData])]),
  );
}

/** What a detached CMS signature says about some content. */
export interface DetachedSignatureCheck {
  /** SHA-256 of the signer's certificate (null when the signature names none it carries). */
  signerCertificateSha256: string | null;
  /** The content's digest is the one signed, and the signature is the certificate key's. */
  intact: boolean;
}

/** Reads a detached CMS signature and checks it against `content`; throws when unreadable. */
export function checkDetached(cms: Uint8Array, content: Uint8Array): DetachedSignatureCheck {
  const root = fromDer(cms).value as forge.asn1.Asn1[];
  const children = (node: forge.asn1.Asn1 | undefined): forge.asn1.Asn1[] =>
    Array.isArray(node?.value) ? node.value : [];
  const signedData = children(children(root[1])[0]);
  const certificates = signedData
    .filter((node) => node.tagClass === asn1.Class.CONTEXT_SPECIFIC && node.type === 0)
    .flatMap((node) => node.value as forge.asn1.Asn1[])
    .map(toBytes);
  const signerInfos = signedData.at(-1)?.value as forge.asn1.Asn1[] | undefined;
  const signerInfo = signerInfos?.[0]?.value as forge.asn1.Asn1[] | undefined;
  if (signerInfo === undefined) throw new Error("no signer");
  const sid = Buffer.from(toBytes(signerInfo[1] as forge.asn1.Asn1));
  const signer = certificates.find((der) => Buffer.from(toBytes(issuerAndSerial(der))).equals(sid));
  const attributesNode = signerInfo.find(
    (node) => node.tagClass === asn1.Class.CONTEXT_SPECIFIC && node.type === 0,
  );
  const signatureNode = signerInfo.at(-1);
  if (signer === undefined || attributesNode === undefined || signatureNode === undefined) {
    return { signerCertificateSha256: signer ? certificateSha256(signer) : null, intact: false };
  }
  const attributes = attributesNode.value as forge.asn1.Asn1[];
  const digestAttribute = attributes.find(
    (node) =>
      asn1.derToOid((node.value as forge.asn1.Asn1[])[0]?.value as string) === oids.messageDigest,
  );
  const signedDigest = children(children(digestAttribute)[1])[0]?.value as string | undefined;
  const digest = createHash("sha256").update(content).digest();
  const publicKey = new X509Certificate(Buffer.from(signer)).publicKey;
  const intact =
    signedDigest !== undefined &&
    Buffer.from(signedDigest, "binary").equals(digest) &&
    verify(
      "sha256",
      toBytes(set(attributes)),
      publicKey,
      Buffer.from(signatureNode.value as string, "binary"),
    );
  return { signerCertificateSha256: certificateSha256(signer), intact };
}
