package io.fixtape.engine.config;

import io.fixtape.engine.api.Application;
import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.engine.runtime.FixEngine;
import io.fixtape.engine.testkit.TestKeyStores;
import io.fixtape.engine.transport.TlsSettings;
import org.agrona.concurrent.OffsetEpochNanoClock;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** QuickFIX/J's TLS keys in a settings file reach the session endpoints; mistakes name the key and never a password. */
class TlsSettingsKeysTest
{
    private static final TestKeyStores KEYS = TestKeyStores.get();
    private static final EngineSettings.ApplicationFactory NO_APP = (config, clock) -> Application.NO_OP;

    private static EngineContext context(final String text)
    {
        return new EngineSettings().toContext(new SettingsParser().parse("t.cfg", text), new OffsetEpochNanoClock(), NO_APP);
    }

    private static String acceptor(final String... tlsLines)
    {
        return String.join("\n", "[DEFAULT]", "[SESSION]", "ConnectionType=acceptor", "BeginString=FIX.4.4",
            "SenderCompID=EXEC", "TargetCompID=BANZAI", "SocketAcceptAddress=127.0.0.1", "SocketAcceptPort=0",
            "NonStopSession=Y", String.join("\n", tlsLines), "");
    }

    @Test
    void theKeysMakeTheEndpointsTlsSettingsAndTheEngineListensWithThem()
    {
        final EngineContext context = context(acceptor("SocketUseSSL=Y", "SocketKeyStore=" + KEYS.serverKeys,
            "SocketKeyStorePassword=" + TestKeyStores.PASSWORD, "SocketTrustStore=" + KEYS.serverTrust,
            "SocketTrustStorePassword=" + TestKeyStores.PASSWORD, "NeedClientAuth=Y", "EnabledProtocols=TLSv1.3",
            "CipherSuites=TLS_AES_128_GCM_SHA256, TLS_AES_256_GCM_SHA384"));
        final TlsSettings tls = context.sessions().get(0).tls();
        assertEquals(KEYS.serverKeys, tls.keyStore());
        assertEquals(KEYS.serverTrust, tls.trustStore());
        assertTrue(tls.needClientAuth());
        assertEquals(List.of("TLSv1.3"), tls.protocols());
        assertEquals(List.of("TLS_AES_128_GCM_SHA256", "TLS_AES_256_GCM_SHA384"), tls.cipherSuites());
        assertFalse(tls.toString().contains(TestKeyStores.PASSWORD), tls.toString());
        try (FixEngine engine = FixEngine.invoked(context))
        {
            assertTrue(engine.boundPort() > 0);
        }
    }

    @Test
    void withoutSocketUseSslTheConnectionIsPlainTcpAndTheDefaultsAreQuickFixJs()
    {
        assertNull(context(acceptor("SocketKeyStore=" + KEYS.serverKeys)).sessions().get(0).tls());
        final TlsSettings tls = context(acceptor("SocketUseSSL=Y", "SocketKeyStore=" + KEYS.serverKeys,
            "SocketKeyStorePassword=" + TestKeyStores.PASSWORD)).sessions().get(0).tls();
        assertFalse(tls.needClientAuth());
        assertEquals(List.of("TLSv1.3", "TLSv1.2"), tls.protocols());
        assertNull(tls.cipherSuites());
        assertNull(tls.trustStore());
    }

    @Test
    void aTlsAcceptorWithoutKeyStoreOrWithAMissingFileIsRefusedNamingTheKey()
    {
        final SettingsException noStore = assertThrows(SettingsException.class, () -> context(acceptor("SocketUseSSL=Y")));
        assertTrue(noStore.getMessage().contains("SocketKeyStore is required for a TLS acceptor"), noStore.getMessage());
        final SettingsException missing = assertThrows(SettingsException.class, () -> context(acceptor("SocketUseSSL=Y",
            "SocketKeyStore=/nonexistent/keys.p12", "SocketKeyStorePassword=hunter2")));
        assertTrue(missing.getMessage().contains("SocketKeyStore /nonexistent/keys.p12 is not a readable file"),
            missing.getMessage());
        assertFalse(missing.getMessage().contains("hunter2"));
    }

    @Test
    void aWrongPasswordStopsTheStartWithoutShowingThePassword()
    {
        final EngineContext context = context(acceptor("SocketUseSSL=Y", "SocketKeyStore=" + KEYS.serverKeys,
            "SocketKeyStorePassword=hunter2"));
        final IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> FixEngine.invoked(context));
        assertTrue(error.getMessage().startsWith("SocketKeyStore " + KEYS.serverKeys + " cannot be read"), error.getMessage());
        assertFalse(error.getMessage().contains("hunter2"));
    }
}
