package io.fixtape.journal;

import io.fixtape.apps.ExecApplication;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.codec.Tags;
import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.engine.runtime.FixEngine;
import io.fixtape.engine.runtime.SessionEndpoint;
import io.fixtape.engine.session.LogoutReason;
import io.fixtape.engine.session.Session;
import io.fixtape.engine.session.SessionConfig;
import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.session.StoreFailurePolicy;
import io.fixtape.engine.store.MessageStore;
import io.fixtape.engine.store.MessageStoreException;
import io.fixtape.engine.testkit.TestClock;
import io.fixtape.engine.transport.DisconnectReason;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.*;

/**
 * {@code StoreFailurePolicy} end to end: an acceptor engine (stepped on the test thread, injected clock) journaling
 * to a real Chronicle journal whose writes fail on demand through {@link JournalWriteFaultInjector} (an ENOSPC at
 * the storage boundary), a scripted counterparty on a real TCP socket. Nothing of ours is mocked.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class StoreFailurePolicyTest
{
    private static final SessionId ACCEPTOR = new SessionId("FIX.4.4", "EXEC", "CLIENT");
    private static final String HEADER = "8=FIX.4.4|35=%s|34=%d|49=CLIENT|56=EXEC|52=<TIME>|";

    @TempDir
    Path dir;

    private final TestClock clock = new TestClock();
    private volatile boolean diskFull;
    private volatile boolean syncFails;
    private final List<AutoCloseable> open = new ArrayList<>();
    private ChronicleMessageStoreFactory factory;
    private FixEngine engine;
    private ExecApplication exec;
    private TcpFixPeer peer;

    @AfterEach
    void closeAll() throws Exception
    {
        for (int i = open.size() - 1; i >= 0; i--)
        {
            open.get(i).close();
        }
    }

    private void startAcceptor(final JournalMode mode, final StoreFailurePolicy policy)
    {
        startAcceptor(mode, policy, SessionConfig.DEFAULT_STORE_PAUSE_TIMEOUT_NANOS, JournalDurability.PAGE_CACHE);
    }

    private void startAcceptor(
        final JournalMode mode, final StoreFailurePolicy policy, final long pauseTimeoutNanos,
        final JournalDurability durability)
    {
        factory = new ChronicleMessageStoreFactory(new JournalContext().directory(dir).mode(mode).lowSpaceBytes(0)
            .durability(durability)
            .pretouch(false).faultInjector(new JournalWriteFaultInjector()
            {
                @Override
                public void beforeWrite(final int sessionId, final int seqNum, final int length) throws IOException
                {
                    if (diskFull)
                    {
                        throw new IOException("No space left on device");
                    }
                }

                @Override
                public void beforeSync() throws IOException
                {
                    if (syncFails)
                    {
                        throw new IOException("Input/output error (msync)");
                    }
                }
            }));
        open.add(factory);
        exec = new ExecApplication("FIX.4.4", clock);
        engine = FixEngine.invoked(new EngineContext().name("store-failure-acceptor").clock(clock)
            .storeFactory(factory).addTask(factory).errorHandler(ex -> System.out.println("acceptor error handler: " + ex))
            .addSession(SessionEndpoint.acceptor(new SessionConfig().sessionId(ACCEPTOR).storeFailurePolicy(policy)
                .storeProbeIntervalNanos(TimeUnit.SECONDS.toNanos(1)).storePauseTimeoutNanos(pauseTimeoutNanos), exec,
                new InetSocketAddress("127.0.0.1", 0))));
        open.add(engine);
    }

    private Session session()
    {
        return engine.session(ACCEPTOR);
    }

    private TcpFixPeer connect()
    {
        peer = new TcpFixPeer(engine.boundPort(), clock);
        open.add(peer);
        return peer;
    }

    /** Steps the acceptor and reads the peer until {@code condition} holds (the wall-clock bound is only a safety net). */
    private void until(final BooleanSupplier condition, final String what)
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true)
        {
            engine.invoker().invoke();
            peer.poll();
            if (condition.getAsBoolean())
            {
                return;
            }
            assertTrue(System.nanoTime() < deadline, "timed out waiting for: " + what + "; peer received " + peer.received());
            LockSupport.parkNanos(20_000);
        }
    }

    /** A few hundred duty cycles with nothing expected to happen (negative checks follow). */
    private void idle()
    {
        for (int i = 0; i < 300; i++)
        {
            engine.invoker().invoke();
            peer.poll();
            LockSupport.parkNanos(20_000);
        }
    }

    private static String logon(final int seq)
    {
        return String.format(HEADER, "A", seq) + "98=0|108=30|";
    }

    private static String order(final int seq, final int id, final boolean possDup)
    {
        return String.format(HEADER, "D", seq) + (possDup ? "43=Y|122=<TIME>|" : "") +
            "11=ORD" + id + "|21=1|55=ACME|54=1|60=<TIME>|38=100|40=2|44=10.5|";
    }

    private static String gapFill(final int seq, final int newSeqNo)
    {
        return String.format(HEADER, "4", seq) + "43=Y|122=<TIME>|123=Y|36=" + newSeqNo + "|";
    }

    private static String admin(final String msgType, final int seq, final String body)
    {
        return String.format(HEADER, msgType, seq) + body;
    }

    private long fillsFor(final String clOrdId)
    {
        return peer.received("8").stream().filter(m -> clOrdId.equals(m.get("11"))).count();
    }

    @Test
    void logoutPolicySendsAnUnjournaledLogoutWhoseNumberIsNeverReusedAndIsGapFilledAfterRestart()
    {
        startAcceptor(JournalMode.AUDIT, StoreFailurePolicy.LOGOUT);
        logOn();
        peer.send(order(2, 1, false));
        until(() -> fillsFor("ORD1") == 1, "ORD1 filled");

        diskFull = true;
        peer.send(order(3, 2, false));
        until(() -> peer.received("5").size() == 1, "Logout on the store failure");
        final Map<String, String> logout = peer.received("5").get(0);
        assertEquals("Store failure: DISK_FULL", logout.get("58"));
        final int logoutSeq = Integer.parseInt(logout.get("34"));
        assertEquals(3, logoutSeq);
        final Session session = session();
        assertEquals(logoutSeq + 1, session.nextSenderSeqNum(), "the Logout used a number");
        assertEquals(3, session.nextTargetSeqNum(), "ORD2 was not journaled: not delivered, its number not consumed");
        assertEquals(1, exec.fills());
        assertEquals(1, session.counters().logoutsSent(LogoutReason.STORE_FAILURE));
        assertEquals(1, session.counters().unjournaledMessagesSent());
        assertEquals(MessageStoreException.Reason.DISK_FULL, session.lastStoreFailure().reason());
        assertTrue(session.lastStoreFailure().getMessage().contains("No space left on device"),
            session.lastStoreFailure().getMessage());

        peer.send(admin("5", 4, "")); // the Logout reply cannot be journaled either: the connection closes at once
        until(peer::isClosedByEngine, "connection closed");
        until(() -> !session.isConnected(), "acceptor disconnected");
        assertTrue(session.counters().storeFailures() >= 2);
        engine.close();
        factory.close();

        // On disk: the Logout left no record, only its number in the sequence state.
        final List<Integer> outbound = new ArrayList<>();
        try (JournalReader reader = new JournalReader(dir))
        {
            final JournalRecord r = new JournalRecord();
            while (reader.next(r))
            {
                if (r.direction() == JournalRecordDescriptor.DIRECTION_OUT && (r.flags() & MessageStore.FLAG_POSS_DUP) == 0)
                {
                    outbound.add(r.seqNum());
                }
            }
        }
        assertEquals(List.of(1, 2), outbound);

        diskFull = false;
        startAcceptor(JournalMode.AUDIT, StoreFailurePolicy.LOGOUT);
        assertEquals(logoutSeq + 1, session().nextSenderSeqNum(), "after the restart the Logout's number is not reused");
        assertEquals(3, session().nextTargetSeqNum());
        final TcpFixPeer first = peer;
        connect().send(logon(5)); // the peer sent 1 Logon, 2-3 orders, 4 Logout
        until(() -> peer.received("2").size() == 1, "the acceptor asks for ORD2 again");
        assertEquals("3", peer.received("2").get(0).get("7"));
        peer.send(order(3, 2, true)).send(gapFill(4, 6));
        until(() -> fillsFor("ORD2") == 1, "ORD2 redelivered (PossDupFlag=Y) and answered");

        peer.send(admin("2", 6, "7=1|16=0|")); // everything again, from the journal
        until(() -> peer.received("8").stream().anyMatch(m -> "Y".equals(m.get("43")) && "ORD2".equals(m.get("11"))),
            "the resend reached the last ExecutionReport");
        final Map<String, String> gapOverLogout = peer.received("4").stream()
            .filter(m -> Integer.parseInt(m.get("34")) <= logoutSeq && Integer.parseInt(m.get("36")) > logoutSeq)
            .findFirst().orElseThrow(() -> new AssertionError("no gap fill over the Logout's number: " + peer.received()));
        assertEquals("Y", gapOverLogout.get("123"));
        final Set<String> numbers = new HashSet<>();
        for (final TcpFixPeer p : List.of(first, peer))
        {
            for (final String m : p.received())
            {
                final Map<String, String> f = io.fixtape.engine.testkit.FixMessages.fields(m);
                if (!"Y".equals(f.get("43")))
                {
                    assertTrue(numbers.add(f.get("34")), "MsgSeqNum " + f.get("34") + " used twice: " + m);
                }
            }
        }
        System.out.println("logout policy: Logout " + logoutSeq + " unjournaled, gap-filled on resend by " + gapOverLogout);
    }

    /**
     * Under per-message durability the msync of an ExecutionReport fails after its record was written: the number is
     * counted as used before the failure is handled, so the Logout of the policy carries the next one, the journal
     * holds each number once, and after a restart numbers continue above both.
     */
    @Test
    void aSyncFailureAfterTheRecordWasWrittenNeverLetsANumberBeUsedTwice()
    {
        startAcceptor(JournalMode.STORE, StoreFailurePolicy.LOGOUT, SessionConfig.DEFAULT_STORE_PAUSE_TIMEOUT_NANOS,
            JournalDurability.MSYNC_PER_MESSAGE);
        logOn();
        peer.send(order(2, 1, false));
        until(() -> fillsFor("ORD1") == 1, "ORD1 filled");
        final int erSeq = session().nextSenderSeqNum();

        syncFails = true;
        peer.send(order(3, 2, false));
        until(() -> peer.received("5").size() == 1, "Logout on the sync failure");
        final Map<String, String> logout = peer.received("5").get(0);
        assertEquals("Store failure: IO_ERROR", logout.get("58"));
        assertEquals(erSeq + 1, Integer.parseInt(logout.get("34")), "the ExecutionReport written before the failed "
            + "msync used " + erSeq + ": the Logout takes the next number");
        assertTrue(peer.received("8").stream().noneMatch(m -> Integer.parseInt(m.get("34")) == erSeq),
            "the ExecutionReport whose msync failed was not sent");
        engine.close();
        factory.close();

        final List<Integer> outbound = new ArrayList<>();
        try (JournalReader reader = new JournalReader(dir))
        {
            final JournalRecord r = new JournalRecord();
            while (reader.next(r))
            {
                if (r.direction() == JournalRecordDescriptor.DIRECTION_OUT && (r.flags() & MessageStore.FLAG_POSS_DUP) == 0)
                {
                    outbound.add(r.seqNum());
                }
            }
        }
        assertEquals(List.of(erSeq - 1, erSeq), outbound, "each number once");
        syncFails = false;
        startAcceptor(JournalMode.STORE, StoreFailurePolicy.LOGOUT, SessionConfig.DEFAULT_STORE_PAUSE_TIMEOUT_NANOS,
            JournalDurability.MSYNC_PER_MESSAGE);
        assertEquals(erSeq + 2, session().nextSenderSeqNum(), "after the restart neither number is used again");
    }

    @Test
    void pausePolicyDropsWhatItReadsRefusesSendsKeepsHeartbeatingAndResumesWhenTheStoreWritesAgain()
    {
        startAcceptor(JournalMode.AUDIT, StoreFailurePolicy.PAUSE, 0, JournalDurability.PAGE_CACHE); // 0: unbounded
        final Session session = pausedAfterLogon(); // ORD1 filled, then the disk full and ORD2 refused
        peer.send(order(4, 3, false)); // read (a close would be seen) but neither journaled nor processed
        until(() -> session.counters().messagesDroppedWhilePaused() == 1, "ORD3 dropped while paused");
        idle();
        assertTrue(session.isLoggedOn());
        assertFalse(session.isReadPaused(), "a paused session still reads, to see a close or a Logout");
        assertEquals(1, exec.fills(), "nothing delivered while paused");
        assertEquals(3, session.nextTargetSeqNum());
        session.newMessage(MsgTypes.pack("B")).putString(Tags.TEXT, "refused");
        assertEquals(Session.STORE_PAUSED, session.send());
        assertEquals(1, session.counters().sendsRefusedWhilePaused());

        // 90 s of engine time without reading: Heartbeats (unjournaled) keep the connection, no heartbeat timeout.
        for (int i = 1; i <= 3; i++)
        {
            clock.advanceSeconds(30);
            final int heartbeats = i;
            until(() -> peer.received("0").size() == heartbeats, "Heartbeat " + i + " while paused");
        }
        assertTrue(session.isStorePaused());
        assertTrue(session.isLoggedOn());
        assertFalse(peer.isClosedByEngine());
        assertEquals(3, session.counters().unjournaledMessagesSent());

        diskFull = false;
        clock.advanceSeconds(1);
        until(() -> !session.isStorePaused(), "resumed once the store writes again");
        peer.send(admin("0", 5, "")); // the peer's next message shows the gap
        until(() -> peer.received("2").size() == 1, "ResendRequest for what was lost in the pause");
        assertEquals("3", peer.received("2").get(0).get("7"));
        peer.send(order(3, 2, true)).send(order(4, 3, true)).send(gapFill(5, 6));
        until(() -> fillsFor("ORD2") == 1 && fillsFor("ORD3") == 1, "ORD2 and ORD3 answered after the pause");

        assertEquals(1, session.counters().storePauses());
        assertEquals(1, session.counters().storeResumes());
        assertTrue(session.counters().storePausedNanos() >= TimeUnit.SECONDS.toNanos(91), "paused time counted");
        assertEquals(0, session.counters().disconnects(DisconnectReason.STORE_FAILURE));
        assertEquals(6, session.nextTargetSeqNum());
        System.out.println("pause policy: paused " + session.counters().storePausedNanos() / 1_000_000 +
            " ms of engine time, " + session.counters().unjournaledMessagesSent() + " Heartbeats unjournaled, " +
            session.counters().messagesDroppedWhilePaused() + " message(s) dropped while paused and re-requested");
    }

    /**
     * A pause in the middle of a gap recovery: the ResendRequest we had outstanding is moot once we stop reading, so
     * after the pause the next too-high message asks for everything from the expected number again (an outstanding
     * range kept across the pause would make it look already asked for, and nothing would ever fill the gap).
     */
    @Test
    void aPauseDuringGapRecoveryAsksForEverythingAgainAfterResuming()
    {
        startAcceptor(JournalMode.AUDIT, StoreFailurePolicy.PAUSE);
        logOn();
        final Session session = session();
        peer.send(order(4, 3, false)); // 2 and 3 missing: kept, ResendRequest from 2
        until(() -> peer.received("2").size() == 1, "ResendRequest for the gap");
        assertEquals("2", peer.received("2").get(0).get("7"));

        diskFull = true;
        peer.send(order(2, 1, true)); // the resend begins, and the journal refuses it
        until(session::isStorePaused, "paused in the middle of the gap recovery");

        diskFull = false;
        clock.advanceSeconds(1);
        until(() -> !session.isStorePaused(), "resumed");
        peer.send(admin("0", 5, ""));
        until(() -> peer.received("2").size() == 2, "a new ResendRequest after the pause");
        assertEquals("2", peer.received("2").get(1).get("7"));
        peer.send(order(2, 1, true)).send(order(3, 2, true)).send(order(4, 3, true)).send(gapFill(5, 6));
        until(() -> fillsFor("ORD1") == 1 && fillsFor("ORD2") == 1 && fillsFor("ORD3") == 1, "every order answered once");
        assertEquals(6, session.nextTargetSeqNum());
    }

    @Test
    void pauseInStoreModeRedeliversTheOrderWhoseReplyCouldNotBeJournaled()
    {
        startAcceptor(JournalMode.STORE, StoreFailurePolicy.PAUSE);
        logOn();
        final Session session = session();

        diskFull = true; // store mode journals no inbound: ORD1 reaches the application, its fill cannot be journaled
        peer.send(order(2, 1, false));
        until(session::isStorePaused, "paused on the failed reply");
        assertEquals(2, session.nextTargetSeqNum(), "ORD1 not counted as received: its reply was never sent");
        assertEquals(0, fillsFor("ORD1"));

        diskFull = false;
        clock.advanceSeconds(1);
        until(() -> !session.isStorePaused(), "resumed");
        peer.send(admin("0", 3, ""));
        until(() -> peer.received("2").size() == 1, "ResendRequest for ORD1");
        peer.send(order(2, 1, true)).send(gapFill(3, 4));
        until(() -> fillsFor("ORD1") == 1, "ORD1 redelivered with PossDupFlag=Y and answered");
        assertEquals(4, session.nextTargetSeqNum());
    }

    @Test
    void disconnectPolicyClosesWithoutLogout()
    {
        startAcceptor(JournalMode.AUDIT, StoreFailurePolicy.DISCONNECT);
        logOn();
        diskFull = true;
        peer.send(order(2, 1, false));
        until(peer::isClosedByEngine, "connection closed");
        assertEquals(0, peer.received("5").size(), "no Logout");
        until(() -> !session().isConnected(), "acceptor disconnected");
        assertEquals(1, session().counters().disconnects(DisconnectReason.STORE_FAILURE));
        assertEquals(2, session().nextTargetSeqNum());
        assertEquals(2, session().nextSenderSeqNum());
    }

    /** Connects the peer and logs on (MsgSeqNum 1); returns once the acceptor answered the Logon. */
    private void logOn()
    {
        connect().send(logon(1));
        until(() -> peer.received("A").size() == 1, "Logon answered");
    }

    /** Pauses the logged-on acceptor on a full disk (ORD2 refused); returns its session. */
    private Session pausedAfterLogon()
    {
        logOn();
        peer.send(order(2, 1, false));
        until(() -> fillsFor("ORD1") == 1, "ORD1 filled");
        final Session session = session();
        diskFull = true;
        peer.send(order(3, 2, false));
        until(session::isStorePaused, "paused on the store failure");
        return session;
    }

    /** Inbound records of the journal (seq numbers), read after the engine closed. */
    private List<Integer> inboundSeqNums()
    {
        final List<Integer> inbound = new ArrayList<>();
        try (JournalReader reader = new JournalReader(dir))
        {
            final JournalRecord r = new JournalRecord();
            while (reader.next(r))
            {
                if (r.direction() == JournalRecordDescriptor.DIRECTION_IN)
                {
                    inbound.add(r.seqNum());
                }
            }
        }
        return inbound;
    }

    /**
     * StorePauseTimeout: a store that never comes back ends the pause the way the logout policy would — a Logout
     * naming the failure, then the usual handshake — after the timeout of engine time, not before; counted.
     */
    @Test
    void aPauseLongerThanStorePauseTimeoutEndsWithALogoutNamingTheStoreFailure()
    {
        startAcceptor(JournalMode.AUDIT, StoreFailurePolicy.PAUSE, TimeUnit.SECONDS.toNanos(10), JournalDurability.PAGE_CACHE);
        final Session session = pausedAfterLogon();

        for (int i = 0; i < 9; i++)
        {
            clock.advanceSeconds(1); // probes fail: the disk is still full
            idle();
        }
        assertTrue(session.isStorePaused(), "9 s of engine time: still paused");
        assertEquals(0, peer.received("5").size());
        assertEquals(0, session.counters().storePauseTimeouts());

        clock.advanceSeconds(1);
        until(() -> peer.received("5").size() == 1, "Logout once StorePauseTimeout expired");
        assertEquals("Store failure: DISK_FULL", peer.received("5").get(0).get("58"));
        assertFalse(session.isStorePaused());
        assertEquals(1, session.counters().storePauseTimeouts());
        assertEquals(1, session.counters().logoutsSent(LogoutReason.STORE_FAILURE));
        assertEquals(0, session.counters().storeResumes());
        assertEquals(TimeUnit.SECONDS.toNanos(10), session.counters().storePausedNanos(), "engine time, not wall clock");
        assertEquals(3, session.nextTargetSeqNum(), "ORD2 never processed");

        peer.send(admin("5", 4, "")); // the reply cannot be journaled either: closed at once, as under logout
        until(peer::isClosedByEngine, "connection closed");
        until(() -> !session.isConnected(), "acceptor disconnected");
        assertEquals(1, exec.fills());
    }

    /** The default bound applies when none is configured (30 s of engine time). */
    @Test
    void theDefaultStorePauseTimeoutIsThirtySeconds()
    {
        assertEquals(TimeUnit.SECONDS.toNanos(30), SessionConfig.DEFAULT_STORE_PAUSE_TIMEOUT_NANOS);
        startAcceptor(JournalMode.AUDIT, StoreFailurePolicy.PAUSE);
        final Session session = pausedAfterLogon();
        clock.advanceSeconds(29);
        idle();
        assertTrue(session.isStorePaused());
        clock.advanceSeconds(1);
        until(() -> peer.received("5").size() == 1, "Logout after 30 s paused");
        assertEquals(1, session.counters().storePauseTimeouts());
    }

    /**
     * A counterparty that closes its socket while we are paused: the close is seen at once (the paused session still
     * reads), the session ends, and the disconnect is counted — no Heartbeat write needed to find out.
     */
    @Test
    void aPeerThatClosesWhilePausedEndsTheSessionAtOnce()
    {
        startAcceptor(JournalMode.AUDIT, StoreFailurePolicy.PAUSE, 0, JournalDurability.PAGE_CACHE);
        final Session session = pausedAfterLogon();
        clock.advanceSeconds(5); // no Heartbeat due yet (HeartBtInt 30)
        idle();
        assertTrue(session.isStorePaused());

        peer.close();
        until(() -> !session.isConnected(), "the paused session saw the close");
        assertFalse(session.isStorePaused());
        assertFalse(session.isLoggedOn());
        assertEquals(1, session.counters().disconnects(DisconnectReason.REMOTE_CLOSED));
        assertEquals(1, session.counters().disconnectsWhilePaused());
        assertEquals(TimeUnit.SECONDS.toNanos(5), session.counters().storePausedNanos());
        assertEquals(0, session.counters().heartbeatsSent(), "seen without a Heartbeat write failing");
        assertEquals(0, session.counters().storePauseTimeouts());
    }

    /**
     * A counterparty Logout while paused and the store still refusing: it is not processed (not journaled, its number
     * not consumed, write-ahead), but it is not lost either: answered with our store-failure Logout, then closed,
     * counted. What it sent before the Logout is dropped unprocessed.
     */
    @Test
    void aPeerLogoutWhileThePauseLastsIsAnsweredAndEndsTheSessionWithoutBeingProcessed()
    {
        startAcceptor(JournalMode.AUDIT, StoreFailurePolicy.PAUSE, 0, JournalDurability.PAGE_CACHE);
        final Session session = pausedAfterLogon();

        peer.send(order(4, 3, false)).send(admin("5", 5, "58=going home|"));
        until(peer::isClosedByEngine, "closed after the Logout exchange");
        until(() -> !session.isConnected(), "acceptor disconnected");
        final List<Map<String, String>> logouts = peer.received("5");
        assertEquals(1, logouts.size(), "our Logout answers theirs: " + peer.received());
        assertEquals("Store failure: DISK_FULL", logouts.get(0).get("58"));
        assertEquals(1, session.counters().logoutsReceivedWhilePaused());
        assertEquals(1, session.counters().messagesDroppedWhilePaused(), "ORD3 dropped");
        assertEquals(1, session.counters().logoutsSent(LogoutReason.STORE_FAILURE));
        assertEquals(1, session.counters().disconnects(DisconnectReason.LOGOUT));
        assertEquals(3, session.nextTargetSeqNum(), "nothing received while paused was processed");
        assertEquals(1, exec.fills());
        assertFalse(session.isStorePaused());
        engine.close();
        factory.close();
        assertEquals(List.of(1, 2), inboundSeqNums(), "write-ahead: nothing journaled, nothing processed");
    }

    /** The same Logout once the store takes writes again (before the probe noticed): journaled first, then processed. */
    @Test
    void aPeerLogoutWhilePausedIsJournaledAndProcessedWhenTheStoreTakesItAgain()
    {
        startAcceptor(JournalMode.AUDIT, StoreFailurePolicy.PAUSE, 0, JournalDurability.PAGE_CACHE);
        final Session session = pausedAfterLogon();
        diskFull = false; // no probe yet: still paused

        peer.send(admin("5", 4, ""));
        until(peer::isClosedByEngine, "closed after the Logout exchange");
        until(() -> !session.isConnected(), "acceptor disconnected");
        assertEquals(1, peer.received("5").size());
        assertNull(peer.received("5").get(0).get("58"), "a plain Logout reply: the store took the Logout");
        assertEquals(1, session.counters().logoutsReceivedWhilePaused());
        assertEquals(1, session.counters().logoutsSent(LogoutReason.REPLY));
        engine.close();
        factory.close();
        assertEquals(List.of(1, 2, 4), inboundSeqNums(), "the Logout journaled before it was processed");
    }

    /**
     * JournalDurability=per-message: the sequence-state slot that is the only trace of an unjournaled admin message
     * (here Heartbeats while paused) is msync'ed before the message goes out, once per message; under page-cache it
     * is not.
     */
    @Test
    void anUnjournaledAdminMessageForcesTheSequenceStateUnderMsyncPerMessageOnly()
    {
        startAcceptor(JournalMode.AUDIT, StoreFailurePolicy.PAUSE, 0, JournalDurability.MSYNC_PER_MESSAGE);
        final Session session = pausedAfterLogon();
        for (int i = 1; i <= 2; i++)
        {
            clock.advanceSeconds(30);
            final int heartbeats = i;
            until(() -> peer.received("0").size() == heartbeats, "Heartbeat " + i + " while paused");
        }
        assertEquals(2, session.counters().unjournaledMessagesSent());
        assertEquals(2, factory.journal().sequenceStateSyncCount(), "one msync of the sequence state per message");
    }

    /** Page cache (the default): the unjournaled number's slot is not msync'ed (documented: survives a crash only). */
    @Test
    void anUnjournaledAdminMessageDoesNotForceTheSequenceStateUnderPageCache()
    {
        startAcceptor(JournalMode.AUDIT, StoreFailurePolicy.PAUSE, 0, JournalDurability.PAGE_CACHE);
        final Session session = pausedAfterLogon();
        clock.advanceSeconds(30);
        until(() -> peer.received("0").size() == 1, "Heartbeat while paused");
        assertEquals(1, session.counters().unjournaledMessagesSent());
        assertEquals(0, factory.journal().sequenceStateSyncCount());
    }
}
