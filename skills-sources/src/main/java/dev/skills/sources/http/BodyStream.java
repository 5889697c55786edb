package dev.skills.sources.http;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.http.HttpResponse.BodySubscriber;
import java.nio.ByteBuffer;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import dev.skills.sources.Deadline;
import dev.skills.sources.FetchBudget;
import dev.skills.sources.FetchLimitException;
import org.jspecify.annotations.Nullable;

/**
 * A response body as an input stream that holds one buffer at a time (it asks the client
 * for the next only once the last is read), whose reads wait at most until the fetch's
 * deadline, and whose every byte is charged to the fetch's budget as it is read. Closing
 * it, or passing a limit, cancels the exchange.
 */
final class BodyStream extends InputStream implements BodySubscriber<InputStream> {

	private static final List<ByteBuffer> END = List.of();

	private final LinkedBlockingQueue<Object> arrived = new LinkedBlockingQueue<>();

	private final Deadline deadline;

	private final FetchBudget budget;

	private volatile Flow.@Nullable Subscription subscription;

	private @Nullable Iterator<ByteBuffer> buffers;

	private @Nullable ByteBuffer buffer;

	private boolean ended;

	BodyStream(Deadline deadline, FetchBudget budget) {
		this.deadline = deadline;
		this.budget = budget;
	}

	@Override
	public CompletionStage<InputStream> getBody() {
		return CompletableFuture.completedStage(this);
	}

	@Override
	public void onSubscribe(Flow.Subscription subscription) {
		this.subscription = subscription;
		subscription.request(1);
	}

	@Override
	public void onNext(List<ByteBuffer> item) {
		this.arrived.add(item);
	}

	@Override
	public void onError(Throwable error) {
		this.arrived.add(error);
	}

	@Override
	public void onComplete() {
		this.arrived.add(END);
	}

	@Override
	public int read() throws IOException {
		byte[] one = new byte[1];
		return (read(one, 0, 1) < 0) ? -1 : one[0] & 0xff;
	}

	@Override
	public int read(byte[] into, int offset, int length) throws IOException {
		if (length == 0) {
			return 0;
		}
		ByteBuffer current = next();
		if (current == null) {
			return -1;
		}
		int count = Math.min(length, current.remaining());
		try {
			this.budget.bytes(count);
		}
		catch (FetchLimitException ex) {
			close();
			throw ex;
		}
		current.get(into, offset, count);
		return count;
	}

	// The buffer to read from, waiting for the next one; null at the end of the body.
	private @Nullable ByteBuffer next() throws IOException {
		while (this.buffer == null || !this.buffer.hasRemaining()) {
			if (this.buffers != null && this.buffers.hasNext()) {
				this.buffer = this.buffers.next();
				continue;
			}
			if (this.ended) {
				return null;
			}
			if (this.buffers != null) {
				this.buffers = null;
				request();
			}
			Object item = take();
			if (item == END) {
				this.ended = true;
				return null;
			}
			if (item instanceof Throwable error) {
				this.ended = true;
				throw new IOException("the answer broke off: " + error.getClass().getSimpleName(), error);
			}
			this.buffers = ((List<?>) item).stream().map(ByteBuffer.class::cast).iterator();
		}
		return this.buffer;
	}

	private Object take() throws IOException {
		try {
			Object item = this.arrived.poll(this.deadline.remainingNanos(), TimeUnit.NANOSECONDS);
			if (item == null) {
				close();
				throw this.deadline.passed();
			}
			return item;
		}
		catch (InterruptedException ex) {
			close();
			Thread.currentThread().interrupt();
			throw new InterruptedIOException("interrupted");
		}
	}

	private void request() {
		Flow.Subscription current = this.subscription;
		if (current != null) {
			current.request(1);
		}
	}

	/**
	 * Stop reading: the exchange is cancelled and what arrives is dropped.
	 */
	@Override
	public void close() {
		this.ended = true;
		this.buffers = null;
		this.buffer = null;
		this.arrived.clear();
		Flow.Subscription current = this.subscription;
		if (current != null) {
			current.cancel();
		}
	}

}
