import { createHash, generateKeyPairSync, randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import forge from "node-forge";
import type { SigningCertificateSource } from "../../config/config";

/**
 * The certificate sealed PDFs are signed with, as the PDF thread uses it: plain data, so it
 * crosses to the thread as it is. `chainDer` holds the certificates of its issuers, if any.
 */
export interface SigningCertificate {
  /** The private key, PKCS#8 PEM. */
  keyPem: string;
  certificateDer: Uint8Array;
  chainDer: Uint8Array[];
  /** SHA-256 (hex) of `certificateDer`: how a seal names the certificate that signed it. */
  certificateSha256: string;
}

export function certificateSha256(der: Uint8Array): string {
  return createHash("sha256").update(der).digest("hex");
}

/**
 * Reads the PKCS#12 file, or makes a self-signed certificate there first when the source allows
 * it and there is none. A file that cannot be read is an error, never silently replaced: the
 * PDFs already sealed name its certificate.
 */
export async function loadSigningCertificate(
  source: SigningCertificateSource,
  now: Date = new Date(),
): Promise<SigningCertificate> {
  let p12: Buffer | null = null;
  try {
    p12 = await readFile(source.p12Path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT" || !source.createIfMissing) {
      throw error;
    }
  }
  if (p12 === null) {
    const made = selfSignedP12(source.commonName, source.password, now);
    await mkdir(dirname(source.p12Path), { recursive: true });
    try {
      // "wx": two processes starting at once keep one certificate (the loser reads the winner's).
      await writeFile(source.p12Path, made, { mode: 0o600, flag: "wx" });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    p12 = await readFile(source.p12Path);
  }
  return parseP12(p12, source.password, source.p12Path);
}

/** The key and its certificate (with any issuers') out of a PKCS#12 file. */
export function parseP12(
  p12: Uint8Array,
  password: string,
  name = "the PKCS#12 file",
): SigningCertificate {
  let parsed: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(p12).toString("binary")));
    parsed = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (error) {
    throw new Error(
      `${name} is not a PKCS#12 file this password opens (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  const bagsOf = (bagType: string) => parsed.getBags({ bagType })[bagType] ?? [];
  const shrouded = forge.pki.oids.pkcs8ShroudedKeyBag as string;
  const keyBag = bagsOf(shrouded)[0] ?? bagsOf(forge.pki.oids.keyBag as string)[0];
  const key = keyBag?.key as forge.pki.rsa.PrivateKey | undefined;
  if (key === undefined) throw new Error(`${name} holds no private key`);
  const certificates = bagsOf(forge.pki.oids.certBag as string)
    .map((bag) => bag.cert)
    .filter((cert): cert is forge.pki.Certificate => cert !== undefined);
  const own = certificates.find((cert) => {
    const publicKey = cert.publicKey as forge.pki.rsa.PublicKey;
    return publicKey.n.compareTo(key.n) === 0 && publicKey.e.compareTo(key.e) === 0;
  });
  if (own === undefined) throw new Error(`${name} holds no certificate of its private key`);
  const derOf = (cert: forge.pki.Certificate) =>
    new Uint8Array(
      Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), "binary"),
    );
  const certificateDer = derOf(own);
  return {
    keyPem: forge.pki.privateKeyInfoToPem(
      forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(key)),
    ),
    certificateDer,
    chainDer: certificates.filter((cert) => cert !== own).map(derOf),
    certificateSha256: certificateSha256(certificateDer),
  };
}

/**
 * A self-signed certificate for document signing, valid 30 years, in a PKCS#12 file. The key is
 * made by Node (native, fast); node-forge writes the certificate and the file.
 */
export function selfSignedP12(commonName: string, password: string, now: Date): Buffer {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(
    privateKey.export({ type: "pkcs1", format: "pem" }).toString(),
  ) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  // A positive serial number of 16 random bytes.
  cert.serialNumber = `01${randomBytes(15).toString("hex")}`;
  cert.validity.notBefore = new Date(now.getTime() - 24 * 3600_000);
  cert.validity.notAfter = new Date(now.getTime() + 30 * 365 * 24 * 3600_000);
  const name = [
    { name: "commonName", value: commonName },
    { name: "organizationName", value: "Chayong" },
  ];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: "basicConstraints", cA: false },
    { name: "keyUsage", digitalSignature: true, nonRepudiation: true },
    { name: "subjectKeyIdentifier" },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [cert], password, { algorithm: "aes256" });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), "binary");
}
