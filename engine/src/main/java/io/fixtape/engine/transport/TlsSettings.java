package io.fixtape.engine.transport;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * TLS for one listening address (acceptor) or one outbound connection (initiator), with QuickFIX/J's keys:
 * {@code SocketKeyStore}/{@code SocketKeyStorePassword} (our certificate and key), {@code SocketTrustStore}/
 * {@code SocketTrustStorePassword} (the certificates we trust), {@code NeedClientAuth} (acceptor: the initiator must
 * present a trusted certificate), {@code EnabledProtocols} and {@code CipherSuites}. Key stores may be PKCS12 or JKS
 * (the type is recognised from the file). Without a trust store the JDK's default trust ({@code cacerts}) applies.
 * Default protocols: {@value #DEFAULT_PROTOCOLS}; default cipher suites: the JDK's defaults for them.
 *
 * <p>Immutable. The passwords are held only to open the stores and never appear in {@link #toString()}.
 */
public final class TlsSettings
{
    /** Protocols enabled unless {@code EnabledProtocols} says otherwise. */
    public static final String DEFAULT_PROTOCOLS = "TLSv1.3,TLSv1.2";

    private final Path keyStore;
    private final char[] keyStorePassword;
    private final Path trustStore;
    private final char[] trustStorePassword;
    private final boolean needClientAuth;
    private final List<String> protocols;
    private final List<String> cipherSuites;

    private TlsSettings(final Builder builder)
    {
        this.keyStore = builder.keyStore;
        this.keyStorePassword = builder.keyStorePassword == null ? new char[0] : builder.keyStorePassword.clone();
        this.trustStore = builder.trustStore;
        this.trustStorePassword = builder.trustStorePassword == null ? null : builder.trustStorePassword.clone();
        this.needClientAuth = builder.needClientAuth;
        this.protocols = List.copyOf(builder.protocols);
        this.cipherSuites = builder.cipherSuites == null ? null : List.copyOf(builder.cipherSuites);
    }

    public static Builder builder()
    {
        return new Builder();
    }

    /** Our certificate chain and private key, or null (an initiator without a client certificate). */
    public Path keyStore()
    {
        return keyStore;
    }

    /** A copy of the key store password (empty when none was given). */
    public char[] keyStorePassword()
    {
        return keyStorePassword.clone();
    }

    /** The certificates we trust, or null for the JDK's default trust. */
    public Path trustStore()
    {
        return trustStore;
    }

    /** A copy of the trust store password, or null (a trust store is then read without an integrity check). */
    public char[] trustStorePassword()
    {
        return trustStorePassword == null ? null : trustStorePassword.clone();
    }

    public boolean needClientAuth()
    {
        return needClientAuth;
    }

    public List<String> protocols()
    {
        return protocols;
    }

    /** Enabled cipher suites, or null for the JDK's defaults. */
    public List<String> cipherSuites()
    {
        return cipherSuites;
    }

    @Override
    public boolean equals(final Object o)
    {
        if (!(o instanceof TlsSettings))
        {
            return false;
        }
        final TlsSettings other = (TlsSettings)o;
        return needClientAuth == other.needClientAuth && Objects.equals(keyStore, other.keyStore) &&
            Arrays.equals(keyStorePassword, other.keyStorePassword) && Objects.equals(trustStore, other.trustStore) &&
            Arrays.equals(trustStorePassword, other.trustStorePassword) && protocols.equals(other.protocols) &&
            Objects.equals(cipherSuites, other.cipherSuites);
    }

    @Override
    public int hashCode()
    {
        return Objects.hash(keyStore, trustStore, needClientAuth, protocols, cipherSuites);
    }

    @Override
    public String toString()
    {
        return "TlsSettings{keyStore=" + keyStore + ", trustStore=" + trustStore + ", needClientAuth=" +
            needClientAuth + ", protocols=" + protocols + ", cipherSuites=" + (cipherSuites == null ? "default" :
            cipherSuites) + '}';
    }

    /** Fluent construction; {@link #build()} checks that the stores exist. */
    public static final class Builder
    {
        private Path keyStore;
        private char[] keyStorePassword;
        private Path trustStore;
        private char[] trustStorePassword;
        private boolean needClientAuth;
        private List<String> protocols = List.of(DEFAULT_PROTOCOLS.split(","));
        private List<String> cipherSuites;

        public Builder keyStore(final Path keyStore, final char[] password)
        {
            this.keyStore = keyStore;
            this.keyStorePassword = password;
            return this;
        }

        public Builder trustStore(final Path trustStore, final char[] password)
        {
            this.trustStore = trustStore;
            this.trustStorePassword = password;
            return this;
        }

        public Builder needClientAuth(final boolean needClientAuth)
        {
            this.needClientAuth = needClientAuth;
            return this;
        }

        /** Comma-separated list, e.g. {@code TLSv1.3,TLSv1.2}. */
        public Builder protocols(final String commaSeparated)
        {
            this.protocols = split(commaSeparated);
            return this;
        }

        /** Comma-separated list of JSSE cipher suite names; null for the JDK's defaults. */
        public Builder cipherSuites(final String commaSeparated)
        {
            this.cipherSuites = commaSeparated == null ? null : split(commaSeparated);
            return this;
        }

        /** @throws IllegalArgumentException naming what is missing or empty. */
        public TlsSettings build()
        {
            if (protocols.isEmpty())
            {
                throw new IllegalArgumentException("EnabledProtocols must name at least one protocol");
            }
            if (cipherSuites != null && cipherSuites.isEmpty())
            {
                throw new IllegalArgumentException("CipherSuites must name at least one cipher suite");
            }
            requireFile("SocketKeyStore", keyStore);
            requireFile("SocketTrustStore", trustStore);
            return new TlsSettings(this);
        }

        private static void requireFile(final String key, final Path path)
        {
            if (path != null && !path.toFile().isFile())
            {
                throw new IllegalArgumentException(key + " " + path + " is not a readable file");
            }
        }

        private static List<String> split(final String commaSeparated)
        {
            return Arrays.stream(commaSeparated.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
        }
    }
}
