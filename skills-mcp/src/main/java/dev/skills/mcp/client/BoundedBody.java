package dev.skills.mcp.client;

import java.io.IOException;
import java.net.http.HttpResponse.BodySubscriber;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * A body that fails as soon as one message passes a bound: the whole body, or each event
 * of an event stream. Signals arrive in turn (the reactive-streams rule), so no state is
 * shared across threads at once.
 */
final class BoundedBody<T> implements BodySubscriber<T> {

	private final BodySubscriber<T> delegate;

	private final long max;

	private final boolean perEvent;

	// Of the body, or of the current event.
	private long bytes;

	private long lineLength;

	private boolean afterCarriageReturn;

	private boolean cut;

	private Flow.Subscription subscription;

	BoundedBody(BodySubscriber<T> delegate, long max, boolean perEvent) {
		this.delegate = delegate;
		this.max = max;
		this.perEvent = perEvent;
	}

	@Override
	public CompletionStage<T> getBody() {
		return this.delegate.getBody();
	}

	@Override
	public void onSubscribe(Flow.Subscription subscription) {
		this.subscription = subscription;
		this.delegate.onSubscribe(subscription);
	}

	@Override
	public void onNext(List<ByteBuffer> items) {
		if (this.cut) {
			return;
		}
		for (ByteBuffer item : items) {
			count(item);
		}
		if (this.bytes > this.max) {
			this.cut = true;
			this.subscription.cancel();
			this.delegate.onError(new IOException("the server sent a message of more than " + this.max + " bytes"));
			return;
		}
		this.delegate.onNext(items);
	}

	// In an event stream an event ends at a blank line; its data lines are joined into
	// one message, so the event is what is bounded, not a line.
	private void count(ByteBuffer item) {
		if (!this.perEvent) {
			this.bytes += item.remaining();
			return;
		}
		for (int i = item.position(); i < item.limit() && this.bytes <= this.max; i++) {
			byte next = item.get(i);
			this.bytes++;
			if (next == '\r' || next == '\n') {
				if (next == '\n' && this.afterCarriageReturn) {
					this.afterCarriageReturn = false;
					continue;
				}
				if (this.lineLength == 0) {
					this.bytes = 0;
				}
				this.lineLength = 0;
				this.afterCarriageReturn = next == '\r';
			}
			else {
				this.lineLength++;
				this.afterCarriageReturn = false;
			}
		}
	}

	@Override
	public void onError(Throwable error) {
		if (!this.cut) {
			this.delegate.onError(error);
		}
	}

	@Override
	public void onComplete() {
		if (!this.cut) {
			this.delegate.onComplete();
		}
	}

}
