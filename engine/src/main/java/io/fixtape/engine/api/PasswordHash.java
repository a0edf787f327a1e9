package io.fixtape.engine.api;

import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;

/**
 * Salted password hashes for Logon passwords (554), PBKDF2 with HMAC-SHA256 from the JDK, written as one string:
 * {@code pbkdf2-sha256$<iterations>$<salt, base64>$<hash, base64>}. {@code fixtape password-hash} prints one for the
 * {@code ExpectedPasswordHash} key; only the hash is configured, never the password.
 *
 * <p>Verifying costs the configured iterations of HMAC-SHA256 on the poller thread ({@value #DEFAULT_ITERATIONS}:
 * tens of milliseconds), once per Logon that names the session and passes the address check; the lockout after
 * repeated failures bounds what a guessing counterparty can make it spend. Thread-safe (stateless).
 */
public final class PasswordHash
{
    /** Iterations of a new hash unless told otherwise. */
    public static final int DEFAULT_ITERATIONS = 100_000;
    private static final String PREFIX = "pbkdf2-sha256";
    private static final String ALGORITHM = "PBKDF2WithHmacSHA256";
    private static final int SALT_BYTES = 16;
    private static final int HASH_BITS = 256;

    private final int iterations;
    private final byte[] salt;
    private final byte[] hash;

    private PasswordHash(final int iterations, final byte[] salt, final byte[] hash)
    {
        this.iterations = iterations;
        this.salt = salt;
        this.hash = hash;
    }

    /**
     * A new hash of {@code password} with a random salt.
     *
     * @param password   the password (the caller clears it afterwards).
     * @param iterations PBKDF2 iterations, at least 1000.
     * @return the hash in the form {@code pbkdf2-sha256$iterations$salt$hash}.
     */
    public static String create(final char[] password, final int iterations)
    {
        if (iterations < 1000)
        {
            throw new IllegalArgumentException("iterations must be >= 1000: " + iterations);
        }
        if (password.length == 0)
        {
            throw new IllegalArgumentException("the password must not be empty");
        }
        final byte[] salt = new byte[SALT_BYTES];
        new SecureRandom().nextBytes(salt);
        final Base64.Encoder base64 = Base64.getEncoder().withoutPadding();
        return PREFIX + '$' + iterations + '$' + base64.encodeToString(salt) + '$' +
            base64.encodeToString(derive(password, salt, iterations));
    }

    /**
     * Read a hash string.
     *
     * @param encoded a hash made by {@link #create} ({@code fixtape password-hash}).
     * @return the hash.
     *
     * @throws IllegalArgumentException when it is not {@code pbkdf2-sha256$iterations$salt$hash} (the message does
     *                                  not repeat the value).
     */
    public static PasswordHash parse(final String encoded)
    {
        final String[] parts = encoded.split("\\$");
        try
        {
            if (parts.length != 4 || !PREFIX.equals(parts[0]))
            {
                throw new IllegalArgumentException();
            }
            final int iterations = Integer.parseInt(parts[1]);
            final byte[] salt = Base64.getDecoder().decode(parts[2]);
            final byte[] hash = Base64.getDecoder().decode(parts[3]);
            if (iterations < 1000 || salt.length < 8 || hash.length != HASH_BITS / 8)
            {
                throw new IllegalArgumentException();
            }
            return new PasswordHash(iterations, salt, hash);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new IllegalArgumentException("not a password hash of the form pbkdf2-sha256$iterations$salt$hash " +
                "(make one with: fixtape password-hash)");
        }
    }

    /**
     * Whether {@code password} hashes to this hash (constant-time comparison).
     *
     * @param password the password a Logon carried.
     * @return true when it matches.
     */
    public boolean matches(final CharSequence password)
    {
        if (password.length() == 0)
        {
            return false;
        }
        final char[] chars = new char[password.length()];
        for (int i = 0; i < chars.length; i++)
        {
            chars[i] = password.charAt(i);
        }
        try
        {
            return MessageDigest.isEqual(hash, derive(chars, salt, iterations));
        }
        finally
        {
            Arrays.fill(chars, '\0');
        }
    }

    /**
     * The PBKDF2 iteration count of this hash.
     *
     * @return the iterations.
     */
    public int iterations()
    {
        return iterations;
    }

    @Override
    public String toString()
    {
        return PREFIX + "$" + iterations + "$…"; // never the salt and hash in logs
    }

    private static byte[] derive(final char[] password, final byte[] salt, final int iterations)
    {
        final PBEKeySpec spec = new PBEKeySpec(password, salt, iterations, HASH_BITS);
        try
        {
            return SecretKeyFactory.getInstance(ALGORITHM).generateSecret(spec).getEncoded();
        }
        catch (final GeneralSecurityException ex)
        {
            throw new IllegalStateException(ALGORITHM + " is not available in this JDK", ex);
        }
        finally
        {
            spec.clearPassword();
        }
    }
}
