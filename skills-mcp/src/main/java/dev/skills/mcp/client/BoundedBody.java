package dev.skills.mcp.client;

import java.io.IOException;
import java.net.http.HttpResponse.BodySubscriber;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * A body that fails as soon as one message passes a bound: the whole body, or each line
 * of an event stream. Signals arrive in turn (the reactive-streams rule), so no state is
 * shared across threads at once.
 */
final class BoundedBody<T> implements BodySubscriber<T> {

	private final BodySubscriber<T> delegate;

	private final long max;

	private final boolean perLine;

	private long bytes;

	private boolean cut;

	private Flow.Subscription subscription;

	BoundedBody(BodySubscriber<T> delegate, long max, boolean perLine) {
		this.delegate = delegate;
		this.max = max;
		this.perLine = perLine;
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

	private void count(ByteBuffer item) {
		if (!this.perLine) {
			this.bytes += item.remaining();
			return;
		}
		for (int i = item.position(); i < item.limit() && this.bytes <= this.max; i++) {
			this.bytes = (item.get(i) == '\n') ? 0 : this.bytes + 1;
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
