package io.fixtape.journal;

import io.fixtape.engine.store.MessageStore;
import net.openhft.chronicle.queue.RollCycle;
import org.agrona.DirectBuffer;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static io.fixtape.journal.JournalRecordDescriptor.DIRECTION_IN;
import static io.fixtape.journal.JournalRecordDescriptor.DIRECTION_OUT;

/**
 * Rebuilds the sequence state and the resend indexes from the journal itself, when {@code state/seqstate.dat} was lost
 * or does not belong to the queue (stale: restored from an older copy, or the queue was cut). Reads every record with
 * plain reads ({@link CycleFileScanner}); per session the last outbound MsgSeqNum (not PossDup) gives the next sender
 * number and the last inbound one (or a SequenceReset's NewSeqNo) the next target number; a number lower than the one
 * before it is a sequence reset. The numbers already in the state are kept when they are higher: a number once used is
 * never used again. Only intact records count. Cold path, at open.
 */
final class SeqStateRebuild
{
    private static final int MAX_SESSIONS_REPORTED = 8;

    private final SeqStateFile state;
    private final ResendIndexes indexes;
    private final int[] lastOut;
    private final int[] lastIn;
    private final long[] outRecords;
    private final long[] inRecords;
    private long records;
    private long damaged;
    private long lastIndex = -1;

    SeqStateRebuild(final SeqStateFile state, final ResendIndexes indexes)
    {
        this.state = state;
        this.indexes = indexes;
        final int slots = state.slotCount();
        lastOut = new int[slots];
        lastIn = new int[slots];
        outRecords = new long[slots];
        inRecords = new long[slots];
    }

    /**
     * Reads the whole queue and writes what it found into the state and the indexes.
     *
     * @return the warning line: what was rebuilt, per session, and what could not be.
     */
    String run(final Path queueDir, final RollCycle rollCycle, final String why)
    {
        final CycleFileScanner scanner = new CycleFileScanner();
        final JournalRecord record = new JournalRecord();
        for (int id = 1; id < lastOut.length; id++)
        {
            final ResendIndex index = indexes.find(id);
            if (index != null)
            {
                index.clear(); // refilled from the records: entries may point at records the queue no longer holds
            }
        }
        for (final File file : CycleFiles.list(queueDir))
        {
            final int cycle = CycleFiles.cycleOf(file, rollCycle);
            scanner.scan(file, record, (f, ordinal, offset, r) ->
            {
                if (!r.isIntact())
                {
                    damaged++;
                    return true;
                }
                r.queueIndex(rollCycle.toIndex(cycle, ordinal));
                apply(r);
                return true;
            });
        }
        final StringBuilder line = new StringBuilder(why).append(": sequence state rebuilt from the journal (")
            .append(records).append(" records");
        if (damaged > 0)
        {
            line.append(", ").append(damaged).append(" damaged ones skipped");
        }
        line.append(")");
        int reported = 0;
        final List<Integer> noInbound = new ArrayList<>();
        for (int id = 1; id < lastOut.length; id++)
        {
            if (indexes.find(id) == null)
            {
                continue;
            }
            final int sender = Math.max(state.nextSender(id), lastOut[id] + 1);
            final int target = Math.max(state.nextTarget(id), lastIn[id] + 1);
            state.nextSender(id, sender);
            state.nextTarget(id, target);
            if (inRecords[id] == 0 && outRecords[id] > 0)
            {
                noInbound.add(id);
            }
            if (reported++ < MAX_SESSIONS_REPORTED)
            {
                line.append("; session ").append(id).append(" next sender ").append(sender).append(" target ")
                    .append(target);
            }
        }
        if (reported > MAX_SESSIONS_REPORTED)
        {
            line.append("; and ").append(reported - MAX_SESSIONS_REPORTED).append(" more sessions");
        }
        if (!noInbound.isEmpty())
        {
            line.append(". No inbound records for sessions ").append(noInbound).append(" (JournalMode=store journals ")
                .append("none): their next target number is what the state held, so the counterparty may be asked to ")
                .append("resend; check those sessions' first messages for duplicates");
        }
        state.coveredIndex(lastIndex);
        return line.toString();
    }

    private void apply(final JournalRecord r)
    {
        records++;
        final long lastIndexBefore = lastIndex;
        lastIndex = r.queueIndex();
        final int id = r.sessionId();
        final ResendIndex index = indexes.find(id);
        if (index == null)
        {
            return;
        }
        if (r.direction() == JournalRecordDescriptor.DIRECTION_ADMIN)
        {
            applyAdmin(r, index, lastIndexBefore); // flags hold the action, not message flags
            return;
        }
        if ((r.flags() & MessageStore.FLAG_POSS_DUP) != 0)
        {
            return;
        }
        final int seq = r.seqNum();
        if (r.direction() == DIRECTION_OUT)
        {
            outRecords[id]++;
            if (seq <= lastOut[id])
            {
                index.reset(lastIndexBefore); // numbers went down: a sequence reset, earlier entries are void
            }
            lastOut[id] = seq;
            if ((r.flags() & MessageStore.FLAG_ADMIN) == 0)
            {
                index.put(seq, r.queueIndex());
            }
        }
        else if (r.direction() == DIRECTION_IN)
        {
            inRecords[id]++;
            final int newSeqNo = r.msgType() == '4' && (r.flags() & MessageStore.FLAG_GAP_FILL) == 0 ?
                newSeqNo(r.buffer(), r.fixOffset(), r.fixLength()) : -1;
            lastIn[id] = newSeqNo > 0 ? newSeqNo - 1 : seq;
        }
    }

    /** An operator's set-seq or reset ({@link AdminRecords}): the numbers it set count as the last ones seen. */
    private void applyAdmin(final JournalRecord r, final ResendIndex index, final long lastIndexBefore)
    {
        final int id = r.sessionId();
        if (r.flags() == AdminRecords.RESET)
        {
            index.reset(lastIndexBefore);
            lastOut[id] = 0;
            lastIn[id] = 0;
        }
        else if (r.flags() == AdminRecords.SET_SEQUENCE_NUMBERS)
        {
            lastOut[id] = r.seqNum() - 1;
            lastIn[id] = (int)r.msgType() - 1;
        }
    }

    /** NewSeqNo (36) of a SequenceReset, or -1. Allocation free. */
    static int newSeqNo(final DirectBuffer buffer, final int offset, final int length)
    {
        final int end = offset + length;
        for (int i = offset; i + 3 < end; i++)
        {
            if (buffer.getByte(i) == 1 && buffer.getByte(i + 1) == '3' && buffer.getByte(i + 2) == '6' &&
                buffer.getByte(i + 3) == '=')
            {
                int value = 0;
                for (int j = i + 4; j < end && buffer.getByte(j) != 1; j++)
                {
                    final int digit = buffer.getByte(j) - '0';
                    if (digit < 0 || digit > 9)
                    {
                        return -1;
                    }
                    value = value * 10 + digit;
                }
                return value;
            }
        }
        return -1;
    }
}
