package io.fixtape.engine.transport.tcp;

import io.fixtape.engine.transport.TlsSettings;

import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import java.io.IOException;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * An {@link SSLContext} built once from {@link TlsSettings} (stores read and checked at start-up, so that a wrong
 * password or a missing cipher suite fails the engine's start with one clear message) and the factory of each
 * connection's {@link SSLEngine}. Immutable; {@link #newEngine} may be called from the poller thread.
 */
public final class TlsContext
{
    private final TlsSettings settings;
    private final SSLContext sslContext;
    private final String[] protocols;
    private final String[] cipherSuites;

    private TlsContext(final TlsSettings settings, final SSLContext sslContext, final String[] protocols,
        final String[] cipherSuites)
    {
        this.settings = settings;
        this.sslContext = sslContext;
        this.protocols = protocols;
        this.cipherSuites = cipherSuites;
    }

    /**
     * Read the stores and check the protocols and cipher suites against what the JDK supports.
     *
     * @throws IllegalArgumentException naming the store or value at fault (never the passwords).
     */
    public static TlsContext create(final TlsSettings settings)
    {
        final KeyManager[] keyManagers = settings.keyStore() == null ? null : keyManagers(settings);
        final TrustManager[] trustManagers = settings.trustStore() == null ? null : trustManagers(settings);
        final SSLContext context;
        try
        {
            context = SSLContext.getInstance("TLS");
            context.init(keyManagers, trustManagers, null);
        }
        catch (final GeneralSecurityException ex)
        {
            throw new IllegalArgumentException("TLS: " + ex.getMessage());
        }
        final SSLParameters supported = context.getSupportedSSLParameters();
        final String[] protocols = settings.protocols().toArray(String[]::new);
        requireSupported("EnabledProtocols", protocols, supported.getProtocols());
        String[] suites = null;
        if (settings.cipherSuites() != null)
        {
            suites = settings.cipherSuites().toArray(String[]::new);
            requireSupported("CipherSuites", suites, supported.getCipherSuites());
        }
        return new TlsContext(settings, context, protocols, suites);
    }

    public TlsSettings settings()
    {
        return settings;
    }

    /**
     * A new engine for one connection: server mode for accepted connections (asking for the client's certificate
     * when {@code NeedClientAuth}), client mode for initiated ones (peer host and port name the TLS session).
     */
    public SSLEngine newEngine(final boolean clientMode, final String peerHost, final int peerPort)
    {
        final SSLEngine engine = clientMode ? sslContext.createSSLEngine(peerHost, peerPort) :
            sslContext.createSSLEngine();
        engine.setUseClientMode(clientMode);
        engine.setEnabledProtocols(protocols);
        if (cipherSuites != null)
        {
            engine.setEnabledCipherSuites(cipherSuites);
        }
        if (!clientMode)
        {
            engine.setNeedClientAuth(settings.needClientAuth());
        }
        return engine;
    }

    private static KeyManager[] keyManagers(final TlsSettings settings)
    {
        final char[] password = settings.keyStorePassword();
        try
        {
            final KeyStore store = load("SocketKeyStore", settings.keyStore(), password);
            final KeyManagerFactory factory = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            factory.init(store, password);
            return factory.getKeyManagers();
        }
        catch (final GeneralSecurityException ex)
        {
            throw new IllegalArgumentException("SocketKeyStore " + settings.keyStore() + ": " + ex.getMessage());
        }
        finally
        {
            Arrays.fill(password, '\0');
        }
    }

    private static TrustManager[] trustManagers(final TlsSettings settings)
    {
        final char[] password = settings.trustStorePassword();
        try
        {
            final KeyStore store = load("SocketTrustStore", settings.trustStore(), password);
            final TrustManagerFactory factory =
                TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            factory.init(store);
            return factory.getTrustManagers();
        }
        catch (final GeneralSecurityException ex)
        {
            throw new IllegalArgumentException("SocketTrustStore " + settings.trustStore() + ": " + ex.getMessage());
        }
        finally
        {
            if (password != null)
            {
                Arrays.fill(password, '\0');
            }
        }
    }

    /** PKCS12 or JKS, recognised from the file's content. */
    private static KeyStore load(final String key, final java.nio.file.Path path, final char[] password)
    {
        try
        {
            return KeyStore.getInstance(path.toFile(), password);
        }
        catch (final IOException | GeneralSecurityException ex)
        {
            // "keystore password was incorrect" and friends: the message names no secret
            throw new IllegalArgumentException(key + " " + path + " cannot be read (PKCS12 or JKS, with its " +
                "password): " + ex.getMessage());
        }
    }

    private static void requireSupported(final String key, final String[] wanted, final String[] supported)
    {
        final List<String> known = Arrays.asList(supported);
        final List<String> unknown = new ArrayList<>();
        for (final String value : wanted)
        {
            if (!known.contains(value))
            {
                unknown.add(value);
            }
        }
        if (!unknown.isEmpty())
        {
            throw new IllegalArgumentException(key + ": not supported by this JDK: " + String.join(", ", unknown));
        }
    }
}
