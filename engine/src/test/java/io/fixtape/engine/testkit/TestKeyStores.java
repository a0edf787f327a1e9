package io.fixtape.engine.testkit;

import io.fixtape.engine.transport.TlsSettings;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Key and trust stores for TLS tests, made at test time with the JDK's {@code keytool} (nothing binary is committed):
 * a server ("localhost", 127.0.0.1) in a PKCS12 key store, a client in a JKS key store, each trusted by the other's
 * trust store (the server's trust store is JKS, the client's PKCS12), and a stranger whose self-signed certificate
 * nobody trusts. EC P-256 keys, valid for two days. Made once per JVM in a temporary directory.
 */
public final class TestKeyStores
{
    public static final String PASSWORD = "changeit";

    private static TestKeyStores instance;

    public final Path dir;
    public final Path serverKeys;
    public final Path clientKeys;
    public final Path serverTrust;
    public final Path clientTrust;
    public final Path strangerKeys;

    private TestKeyStores(final Path dir)
    {
        this.dir = dir;
        this.serverKeys = dir.resolve("server.p12");
        this.clientKeys = dir.resolve("client.jks");
        this.serverTrust = dir.resolve("server-trust.jks");
        this.clientTrust = dir.resolve("client-trust.p12");
        this.strangerKeys = dir.resolve("stranger.p12");
    }

    public static synchronized TestKeyStores get()
    {
        if (instance == null)
        {
            try
            {
                final Path dir = Files.createTempDirectory("fixtape-tls");
                final TestKeyStores stores = new TestKeyStores(dir);
                stores.make();
                dir.toFile().deleteOnExit();
                instance = stores;
            }
            catch (final IOException ex)
            {
                throw new UncheckedIOException(ex);
            }
        }
        return instance;
    }

    /** Acceptor side: the server's key store and (for mutual TLS) the trust store holding the client's certificate. */
    public TlsSettings.Builder server()
    {
        return TlsSettings.builder().keyStore(serverKeys, PASSWORD.toCharArray())
            .trustStore(serverTrust, PASSWORD.toCharArray());
    }

    /** Initiator side: trusts the server; presents the client certificate. */
    public TlsSettings.Builder client()
    {
        return TlsSettings.builder().keyStore(clientKeys, PASSWORD.toCharArray())
            .trustStore(clientTrust, PASSWORD.toCharArray());
    }

    private void make() throws IOException
    {
        genKeyPair("server", serverKeys, "PKCS12");
        genKeyPair("client", clientKeys, "JKS");
        genKeyPair("stranger", strangerKeys, "PKCS12");
        final Path serverCert = dir.resolve("server.pem");
        final Path clientCert = dir.resolve("client.pem");
        keytool("-exportcert", "-rfc", "-alias", "server", "-keystore", serverKeys.toString(), "-storepass", PASSWORD,
            "-file", serverCert.toString());
        keytool("-exportcert", "-rfc", "-alias", "client", "-keystore", clientKeys.toString(), "-storepass", PASSWORD,
            "-file", clientCert.toString());
        keytool("-importcert", "-noprompt", "-alias", "server", "-file", serverCert.toString(), "-keystore",
            clientTrust.toString(), "-storetype", "PKCS12", "-storepass", PASSWORD);
        keytool("-importcert", "-noprompt", "-alias", "client", "-file", clientCert.toString(), "-keystore",
            serverTrust.toString(), "-storetype", "JKS", "-storepass", PASSWORD);
    }

    private void genKeyPair(final String alias, final Path store, final String type) throws IOException
    {
        keytool("-genkeypair", "-alias", alias, "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=" +
            (alias.equals("server") ? "localhost" : alias), "-ext", "SAN=ip:127.0.0.1,dns:localhost", "-validity", "2",
            "-keystore", store.toString(), "-storetype", type, "-storepass", PASSWORD, "-keypass", PASSWORD);
    }

    /** Run the JDK's keytool; fails with its output. */
    public static void keytool(final String... args) throws IOException
    {
        final List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        command.addAll(List.of(args));
        final Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        final String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try
        {
            if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0)
            {
                throw new IOException("keytool " + String.join(" ", args) + " failed: " + output);
            }
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", ex);
        }
    }
}
