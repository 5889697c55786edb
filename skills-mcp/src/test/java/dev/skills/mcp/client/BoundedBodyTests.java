package dev.skills.mcp.client;

import java.net.http.HttpResponse.BodySubscriber;
import java.net.http.HttpResponse.BodySubscribers;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link BoundedBody} in front of the JDK's own string subscriber, fed as the JDK's
 * client feeds it.
 */
class BoundedBodyTests {

	@Test
	void aJsonBodyIsCutWhenTheWholePassesTheBound() {
		Fed fed = feed(100, false, "{\"a\":\"" + "x".repeat(60) + "\"", ",\"b\":\"" + "y".repeat(60) + "\"}");

		assertThat(fed.cancelled()).isTrue();
		assertThat(fed.body().getBody().toCompletableFuture()).failsWithin(Duration.ofSeconds(1))
			.withThrowableThat()
			.withMessageContaining("the server sent a message of more than 100 bytes");
	}

	@Test
	void anEventOfManyShortDataLinesIsCutAsOneMessage() {
		String event = "data: " + "x".repeat(30) + "\n";
		Fed fed = feed(100, true, event, event, event, event);

		assertThat(fed.cancelled()).isTrue();
	}

	@Test
	void manySmallEventsPassWhateverTheirTotal() {
		String event = "event: message\ndata: " + "x".repeat(40) + "\n\n";
		String crlfEvent = "event: message\r\ndata: " + "x".repeat(40) + "\r\n\r\n";
		Fed fed = feed(100, true, event, event, crlfEvent, crlfEvent, event);

		assertThat(fed.cancelled()).isFalse();
		assertThat(fed.body().getBody().toCompletableFuture().join())
			.hasSize(3 * event.length() + 2 * crlfEvent.length());
	}

	private static Fed feed(long max, boolean perEvent, String... chunks) {
		AtomicBoolean cancelled = new AtomicBoolean();
		BodySubscriber<String> body = new BoundedBody<>(BodySubscribers.ofString(StandardCharsets.UTF_8), max,
				perEvent);
		body.onSubscribe(new Flow.Subscription() {

			@Override
			public void request(long n) {
			}

			@Override
			public void cancel() {
				cancelled.set(true);
			}

		});
		for (String chunk : chunks) {
			if (!cancelled.get()) {
				body.onNext(List.of(ByteBuffer.wrap(chunk.getBytes(StandardCharsets.UTF_8))));
			}
		}
		if (!cancelled.get()) {
			body.onComplete();
		}
		return new Fed(body, cancelled.get());
	}

	private record Fed(BodySubscriber<String> body, boolean cancelled) {
	}

}
