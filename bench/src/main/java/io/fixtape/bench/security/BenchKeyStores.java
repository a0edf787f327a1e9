package io.fixtape.bench.security;

import io.fixtape.engine.transport.TlsSettings;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Throw-away TLS stores for a bench run, made with the JDK's keytool in a temporary directory: a server key store
 * (PKCS12) and a client key store, each trusting the other (mutual TLS, as a production FIX link would run).
 */
final class BenchKeyStores
{
    private static final String PASSWORD = "bench-only";

    private final Path dir;

    private BenchKeyStores(final Path dir)
    {
        this.dir = dir;
    }

    static BenchKeyStores create() throws IOException
    {
        final BenchKeyStores stores = new BenchKeyStores(Files.createTempDirectory("fixtape-bench-tls"));
        for (final String name : new String[] {"server", "client"})
        {
            stores.keytool("-genkeypair", "-alias", name, "-keyalg", "EC", "-groupname", "secp256r1", "-dname",
                "CN=" + name, "-validity", "2", "-keystore", stores.keys(name), "-storetype", "PKCS12",
                "-storepass", PASSWORD, "-keypass", PASSWORD);
            stores.keytool("-exportcert", "-rfc", "-alias", name, "-keystore", stores.keys(name), "-storepass",
                PASSWORD, "-file", stores.dir.resolve(name + ".pem").toString());
        }
        stores.keytool("-importcert", "-noprompt", "-alias", "client", "-file", stores.dir.resolve("client.pem").toString(),
            "-keystore", stores.trust("server"), "-storetype", "PKCS12", "-storepass", PASSWORD);
        stores.keytool("-importcert", "-noprompt", "-alias", "server", "-file", stores.dir.resolve("server.pem").toString(),
            "-keystore", stores.trust("client"), "-storetype", "PKCS12", "-storepass", PASSWORD);
        return stores;
    }

    TlsSettings server()
    {
        return TlsSettings.builder().keyStore(Path.of(keys("server")), PASSWORD.toCharArray())
            .trustStore(Path.of(trust("server")), PASSWORD.toCharArray()).needClientAuth(true).build();
    }

    TlsSettings client()
    {
        return TlsSettings.builder().keyStore(Path.of(keys("client")), PASSWORD.toCharArray())
            .trustStore(Path.of(trust("client")), PASSWORD.toCharArray()).build();
    }

    void delete()
    {
        final java.io.File[] files = dir.toFile().listFiles();
        if (files != null)
        {
            for (final java.io.File file : files)
            {
                file.delete();
            }
        }
        dir.toFile().delete();
    }

    private String keys(final String name)
    {
        return dir.resolve(name + ".p12").toString();
    }

    private String trust(final String name)
    {
        return dir.resolve(name + "-trust.p12").toString();
    }

    private void keytool(final String... args) throws IOException
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
                throw new IOException("keytool failed: " + output.trim());
            }
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while making the bench's TLS stores", ex);
        }
    }
}
