package io.fixtape.apps;

import io.fixtape.engine.api.LogonDecision;
import io.fixtape.engine.api.PasswordHash;
import io.fixtape.engine.codec.Tags;
import io.fixtape.engine.config.EngineSettings;
import io.fixtape.engine.config.SettingsException;
import io.fixtape.engine.config.SettingsParser;
import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.engine.runtime.FixEngine;
import io.fixtape.engine.runtime.RawFixClient;
import io.fixtape.engine.session.LogoutReason;
import io.fixtape.engine.session.SessionId;
import org.agrona.concurrent.OffsetEpochNanoClock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static io.fixtape.engine.runtime.EngineProbe.onPoller;
import static io.fixtape.engine.runtime.RawFixClient.now;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Logon authentication on a real acceptor over loopback TCP, configured from a settings file: allowed remote
 * addresses, Username/Password against a PBKDF2 hash, the lockout after repeated failures, and an application
 * authenticator that sees the Logon's fields and the remote address and whose reason goes into the Logout's Text.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LogonAuthenticationTest
{
    private static final String HASH = PasswordHash.create("correct horse".toCharArray(), 1000);
    private FixEngine engine;

    @AfterEach
    void stop()
    {
        if (engine != null)
        {
            engine.close();
        }
    }

    private void start(final io.fixtape.engine.api.LogonAuthenticator authenticator, final String... sessionLines)
    {
        final List<String> lines = new ArrayList<>(List.of("[DEFAULT]", "ConnectionType=acceptor",
            "SocketAcceptAddress=127.0.0.1", "SocketAcceptPort=0", "SenderCompID=ISLD", "BeginString=FIX.4.4",
            "NonStopSession=Y", "ResetOnLogon=Y", "IdleStrategy=sleeping", "[SESSION]", "TargetCompID=TW"));
        lines.addAll(List.of(sessionLines));
        final EngineContext context = new EngineSettings().toContext(
            new SettingsParser().parse("auth.cfg", String.join("\n", lines)), new OffsetEpochNanoClock(),
            (config, clock) ->
            {
                config.logonSecurity().logonAuthenticator(
                    authenticator == null ? io.fixtape.engine.api.LogonAuthenticator.ACCEPT_ALL : authenticator);
                return BuiltinApplications.create("echo", config, clock);
            });
        engine = FixEngine.launch(context);
    }

    private static String logon(final String credentials)
    {
        return "35=A|34=1|49=TW|52=" + now() + "|56=ISLD|98=0|108=30|" + credentials;
    }

    /** Sends a Logon; returns the Logon answer, or the Logout's Text (58) when refused. */
    private String tryLogon(final String credentials) throws IOException
    {
        try (RawFixClient client = new RawFixClient(engine.boundPort()))
        {
            client.send("FIX.4.4", logon(credentials));
            final String answer = client.awaitClose(5000);
            if (answer.contains("|35=A|"))
            {
                return "LOGON";
            }
            final int text = answer.indexOf("|58=");
            assertTrue(answer.contains("|35=5|") && text >= 0, "a Logout with Text: " + answer);
            return answer.substring(text + 4, answer.indexOf('|', text + 4));
        }
    }

    private int authenticationLogouts() throws Exception
    {
        return onPoller(engine, () ->
            (int)engine.session(new SessionId("FIX.4.4", "ISLD", "TW")).counters().logoutsSent(LogoutReason.AUTHENTICATION));
    }

    @Test
    void usernameAndPasswordAreCheckedAgainstTheConfiguredHash() throws Exception
    {
        start(null, "ExpectedUsername=trader1", "ExpectedPasswordHash=" + HASH, "LogonTimeout=1");
        assertEquals("Logon refused: unknown username or wrong password", tryLogon("553=trader1|554=wrong|"));
        assertEquals("Logon refused: unknown username or wrong password", tryLogon("553=trader2|554=correct horse|"));
        assertEquals("Logon refused: unknown username or wrong password", tryLogon(""));
        assertEquals("LOGON", logOnAndOut("553=trader1|554=correct horse|"));
        assertEquals(3, authenticationLogouts());
    }

    @Test
    void repeatedFailuresLockTheSessionOutEvenForTheRightPassword() throws IOException
    {
        start(null, "ExpectedUsername=trader1", "ExpectedPasswordHash=" + HASH, "MaxLogonFailures=3",
            "LogonLockoutSeconds=600");
        for (int i = 0; i < 3; i++)
        {
            assertEquals("Logon refused: unknown username or wrong password", tryLogon("553=trader1|554=guess" + i + "|"));
        }
        assertEquals("Logon refused: locked out after repeated failures, try later",
            tryLogon("553=trader1|554=correct horse|"));
    }

    @Test
    void aLogonFromAnAddressNotAllowedIsRefusedWithoutCountingTowardsTheLockout() throws IOException
    {
        start(null, "AllowedRemoteAddresses=192.0.2.7, 198.51.100.1", "MaxLogonFailures=1");
        assertEquals("Logon refused: remote address not allowed", tryLogon(""));
        assertEquals("Logon refused: remote address not allowed", tryLogon(""));
        stop();
        start(null, "AllowedRemoteAddresses=192.0.2.7,localhost,127.0.0.1", "MaxLogonFailures=1");
        assertEquals("LOGON", logOnAndOut(""));
    }

    @Test
    void theApplicationsAuthenticatorSeesTheFieldsAndAddressAndItsReasonIsTheLogoutText() throws IOException
    {
        final List<String> seen = new ArrayList<>();
        start(logon ->
        {
            seen.add(logon.sessionId() + " from " + logon.remoteAddress().substring(0, 10) + " user " + logon.username() +
                " heartbeat " + logon.logon().getInt(Tags.HEART_BT_INT));
            return "desk-7".contentEquals(logon.username()) ? LogonDecision.ACCEPT :
                LogonDecision.reject("desk not entitled");
        });
        assertEquals("desk not entitled", tryLogon("553=desk-9|"));
        assertEquals("LOGON", logOnAndOut("553=desk-7|"));
        assertEquals(List.of("FIX.4.4:ISLD->TW from 127.0.0.1: user desk-9 heartbeat 30",
            "FIX.4.4:ISLD->TW from 127.0.0.1: user desk-7 heartbeat 30"), seen);
    }

    @Test
    void aMalformedHashOrAnUnknownHostStopsTheStartNamingTheKeyButNotTheValue()
    {
        final SettingsException hash = assertThrows(SettingsException.class,
            () -> start(null, "ExpectedPasswordHash=plaintext-password"));
        assertTrue(hash.getMessage().contains("ExpectedPasswordHash is not a password hash"), hash.getMessage());
        assertFalse(hash.getMessage().contains("plaintext-password"), hash.getMessage());
        final SettingsException host = assertThrows(SettingsException.class,
            () -> start(null, "AllowedRemoteAddresses=no-such-host.invalid"));
        assertTrue(host.getMessage().contains("AllowedRemoteAddresses: unknown host no-such-host.invalid"),
            host.getMessage());
    }

    private String logOnAndOut(final String credentials) throws IOException
    {
        try (RawFixClient client = new RawFixClient(engine.boundPort()))
        {
            client.send("FIX.4.4", logon(credentials));
            final String answer = client.receive(5000);
            assertTrue(answer != null && answer.contains("|35=A|"), "Logon answered: " + answer);
            client.send("FIX.4.4", "35=5|34=2|49=TW|52=" + now() + "|56=ISLD|");
            client.awaitClose(5000);
            return "LOGON";
        }
    }
}
