package io.fixtape.engine.validation;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.session.SessionValidator;
import io.fixtape.engine.session.ValidationFailure;

/**
 * Plugs a {@link MessageValidator} into the session layer's {@link SessionValidator} seam. A session Reject
 * verdict becomes the failure's 373/371. The session seam has no "drop" outcome yet, so a
 * {@link ValidationResult.Verdict#GARBLED} message (which QuickFIX/J would silently ignore) is reported as a
 * failure with its reason and no RefTagID, and a business-reject verdict passes (the application answers unsupported
 * message types with a BusinessMessageReject); {@link #lastResult()} tells the session the exact verdict should it
 * want to distinguish them.
 *
 * <p>Not thread-safe: one per session, called on the poller thread; allocation-free.
 */
public final class DictionarySessionValidator implements SessionValidator
{
    private final MessageValidator validator;
    private final ValidationResult result = new ValidationResult();

    public DictionarySessionValidator(final MessageValidator validator)
    {
        this.validator = validator;
    }

    @Override
    public boolean validate(final FixDecoder message, final ValidationFailure failure)
    {
        if (validator.validate(message, result) || result.verdict() == ValidationResult.Verdict.BUSINESS_REJECT)
        {
            return true; // unsupported application messages are the application's to answer (BusinessMessageReject)
        }
        switch (result.verdict())
        {
            case SESSION_REJECT:
                failure.set(result.sessionRejectReason(), result.refTagId());
                break;
            default:
                failure.set(result.sessionRejectReason(), 0);
                break;
        }
        return false;
    }

    /** The full verdict of the last message validated (reason, RefTagID, RefMsgType, verdict kind). */
    public ValidationResult lastResult()
    {
        return result;
    }

    public MessageValidator validator()
    {
        return validator;
    }
}
