package io.fixtape.engine.session;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.testkit.FixMessages;
import io.fixtape.engine.testkit.TestClock;
import io.fixtape.engine.testkit.TestSessions;
import io.fixtape.engine.validation.SessionRejectReason;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HeaderChecksTest
{
    private final TestClock clock = new TestClock();
    private final HeaderChecks checks = new HeaderChecks(TestSessions.acceptorConfig("FIX.4.4").conclude(),
        "ISLD".getBytes(StandardCharsets.US_ASCII), "TW".getBytes(StandardCharsets.US_ASCII));
    private final FixDecoder decoder = new FixDecoder();

    private FixDecoder decode(final String readable)
    {
        final byte[] bytes = FixMessages.wire(readable, clock.nanoTime());
        return decoder.wrap(new UnsafeBuffer(bytes), 0, bytes.length);
    }

    @Test
    void sendingTimeWithinTwoMinutesIsAccurate()
    {
        assertTrue(checks.isSendingTimeAccurate(decode("8=FIX.4.4|35=0|34=2|49=TW|52=<TIME-119>|56=ISLD|"),
            clock.nanoTime()));
        assertFalse(checks.isSendingTimeAccurate(decode("8=FIX.4.4|35=0|34=2|49=TW|52=<TIME+121>|56=ISLD|"),
            clock.nanoTime()));
        assertEquals(SessionRejectReason.SENDING_TIME_ACCURACY_PROBLEM, checks.reason());
        assertEquals(52, checks.refTagId());
        assertEquals(LogoutReason.SENDING_TIME_ACCURACY, checks.logoutReason());
    }

    @Test
    void latencyIsComparedInWholeSecondsLikeQuickFixJ()
    {
        final long now = clock.nanoTime();
        clock.advanceMillis(120_999);
        assertTrue(checks.isSendingTimeAccurate(decode("8=FIX.4.4|35=0|34=2|49=TW|52=<TIME>|56=ISLD|"), now));
        clock.advanceMillis(1);
        assertFalse(checks.isSendingTimeAccurate(decode("8=FIX.4.4|35=0|34=2|49=TW|52=<TIME>|56=ISLD|"), now));
    }

    @Test
    void missingOrMalformedSendingTimeIsRejectedWithoutLogout()
    {
        assertFalse(checks.isSendingTimeAccurate(decode("8=FIX.4.4|35=0|34=2|49=TW|56=ISLD|"), clock.nanoTime()));
        assertEquals(SessionRejectReason.REQUIRED_TAG_MISSING, checks.reason());
        assertNull(checks.logoutReason());
        assertFalse(checks.isSendingTimeAccurate(decode("8=FIX.4.4|35=0|34=2|49=TW|52=20261302|56=ISLD|"),
            clock.nanoTime()));
        assertEquals(SessionRejectReason.INCORRECT_DATA_FORMAT, checks.reason());
    }

    @Test
    void compIdsMustBeReversed()
    {
        assertTrue(checks.areCompIdsCorrect(decode("8=FIX.4.4|35=0|34=2|49=TW|52=<TIME>|56=ISLD|")));
        assertFalse(checks.areCompIdsCorrect(decode("8=FIX.4.4|35=0|34=2|49=ISLD|52=<TIME>|56=TW|")));
        assertEquals(SessionRejectReason.COMPID_PROBLEM, checks.reason());
        assertEquals(AdminMessages.NO_REF_TAG, checks.refTagId());
        assertFalse(checks.areCompIdsCorrect(decode("8=FIX.4.4|35=0|34=2|52=<TIME>|56=ISLD|")));
    }

    @Test
    void possDupNeedsAnEarlierOrigSendingTimeExceptForSequenceReset()
    {
        assertTrue(checks.isPossDupValid(decode("8=FIX.4.4|35=0|34=2|43=Y|49=TW|52=<TIME>|56=ISLD|122=<TIME-1>|"),
            MsgTypes.HEARTBEAT));
        assertFalse(checks.isPossDupValid(decode("8=FIX.4.4|35=0|34=2|43=Y|49=TW|52=<TIME>|56=ISLD|"),
            MsgTypes.HEARTBEAT));
        assertEquals(SessionRejectReason.REQUIRED_TAG_MISSING, checks.reason());
        assertEquals(122, checks.refTagId());
        assertFalse(checks.isPossDupValid(decode("8=FIX.4.4|35=0|34=2|43=Y|49=TW|52=<TIME>|56=ISLD|122=<TIME+1>|"),
            MsgTypes.HEARTBEAT));
        assertEquals(LogoutReason.SENDING_TIME_ACCURACY, checks.logoutReason());
        assertTrue(checks.isPossDupValid(decode("8=FIX.4.4|35=4|34=2|43=Y|49=TW|52=<TIME>|56=ISLD|36=5|"),
            MsgTypes.SEQUENCE_RESET));
    }

    @Test
    void decoderFindingsBecomeRejectReasons()
    {
        assertTrue(checks.isWellFormed(decode("8=FIX.4.4|35=0|34=2|49=TW|52=<TIME>|56=ISLD|")));
        assertFalse(checks.isWellFormed(decode("8=FIX.4.4|35=0|34=2|49=TW|52=<TIME>|56=ISLD|-7=x|")));
        assertEquals(SessionRejectReason.INVALID_TAG_NUMBER, checks.reason());
        assertEquals(-7, checks.refTagId());
        assertFalse(checks.isWellFormed(decode("8=FIX.4.4|35=0|34=2|49=TW|52=<TIME>|56=ISLD|58=|")));
        assertEquals(SessionRejectReason.TAG_SPECIFIED_WITHOUT_VALUE, checks.reason());
        assertEquals(58, checks.refTagId());
    }
}
