package io.fixtape.launcher.security;

import io.fixtape.engine.api.Application;
import io.fixtape.engine.api.LogonDecision;
import io.fixtape.engine.api.PasswordHash;
import io.fixtape.engine.runtime.RawFixClient;
import io.fixtape.launcher.Fixtape;
import io.fixtape.launcher.FixtapeBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

import static io.fixtape.engine.runtime.RawFixClient.now;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Authentication set from the builder: the settings' checks by typed methods and a Java authenticator after them. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class BuilderAuthenticationTest
{
    @Test
    void credentialsFromTheBuilderAndTheAuthenticatorsReasonInTheLogout() throws IOException
    {
        final String hash = PasswordHash.create("s3cret".toCharArray(), 1000);
        try (Fixtape fixtape = new FixtapeBuilder()
            .session(s -> s.acceptor(0).socketAcceptAddress("127.0.0.1").sessionId("FIX.4.4", "ISLD", "TW")
                .nonStopSession(true).resetOnLogon(true).expectedUsername("desk").expectedPasswordHash(hash)
                .allowedRemoteAddresses("127.0.0.1").maxLogonFailures(3).logonLockoutSeconds(30))
            .logonAuthenticator(logon -> logon.logon().contains(1137) ? LogonDecision.ACCEPT :
                LogonDecision.reject("DefaultApplVerID required"))
            .application((id, clock) -> Application.NO_OP)
            .launch())
        {
            assertTrue(refusal(fixtape, "553=desk|554=wrong|").contains("|58=Logon refused: unknown username or wrong password|"));
            assertTrue(refusal(fixtape, "553=desk|554=s3cret|").contains("|58=DefaultApplVerID required|"));
        }
    }

    private static String refusal(final Fixtape fixtape, final String credentials) throws IOException
    {
        try (RawFixClient client = new RawFixClient(fixtape.boundPort()))
        {
            client.send("FIX.4.4", "35=A|34=1|49=TW|52=" + now() + "|56=ISLD|98=0|108=30|" + credentials);
            return client.awaitClose(5000);
        }
    }
}
