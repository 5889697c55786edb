package dev.skills.jdbc;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

import dev.skills.core.InvalidSkillSettingException;
import dev.skills.core.activation.ActiveSkill;
import dev.skills.core.activation.ActiveSkillsRepository;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * Keeps chats going while a store that lives elsewhere (a database) fails. Calls run on
 * threads of this object, bounded by a timeout, so a stuck store cannot hold the request;
 * one that fails or times out answers as if the store were empty. An outage is logged
 * when it starts and ends; meanwhile calls skip the store but for one probe a second.
 * Without Spring Boot, wrap the store and close both with the application:
 *
 * <pre class="code">
 * FailSafeActiveSkillsRepository activeSkills = new FailSafeActiveSkillsRepository(
 * 		JdbcActiveSkillsRepository.builder(dataSource).build(), Duration.ofSeconds(2));
 * </pre>
 */
public final class FailSafeActiveSkillsRepository implements ActiveSkillsRepository, AutoCloseable {

	private static final Log logger = LogFactory.getLog(FailSafeActiveSkillsRepository.class);

	private static final int THREADS = 64;

	private static final int QUEUED_CALLS = 1_000;

	private static final Duration PROBE_INTERVAL = Duration.ofSeconds(1);

	private final ActiveSkillsRepository delegate;

	private final Duration timeout;

	private final ThreadPoolExecutor executor;

	private final AtomicReference<@Nullable Outage> outage = new AtomicReference<>();

	private final AtomicBoolean probing = new AtomicBoolean();

	private volatile Instant nextProbe = Instant.MIN;

	/**
	 * Guard a store.
	 * @param delegate the store
	 * @param timeout the longest a call may take, positive
	 * @throws InvalidSkillSettingException when the timeout is not positive
	 */
	public FailSafeActiveSkillsRepository(ActiveSkillsRepository delegate, Duration timeout) {
		if (timeout.isNegative() || timeout.isZero()) {
			throw new InvalidSkillSettingException("timeout", timeout, "it must be positive", "a duration such as 2s");
		}
		this.delegate = delegate;
		this.timeout = timeout;
		AtomicInteger count = new AtomicInteger();
		this.executor = new ThreadPoolExecutor(THREADS, THREADS, 30, TimeUnit.SECONDS,
				new LinkedBlockingQueue<>(QUEUED_CALLS), (task) -> {
					Thread thread = new Thread(task, "skills-active-store-" + count.incrementAndGet());
					thread.setDaemon(true);
					return thread;
				});
		this.executor.allowCoreThreadTimeOut(true);
	}

	/**
	 * The guarded store.
	 * @return the store
	 */
	public ActiveSkillsRepository delegate() {
		return this.delegate;
	}

	/**
	 * The current outage of the store.
	 * @return what failed and since when, or empty while the store answers
	 */
	public Optional<Outage> outage() {
		return Optional.ofNullable(this.outage.get());
	}

	@Override
	public void activate(String conversationId, ActiveSkill skill) {
		// The key rule runs here: a bad id is the caller's error, not an outage.
		ActiveSkillsRepository.conversationKey(conversationId);
		write(() -> this.delegate.activate(conversationId, skill));
	}

	@Override
	public List<ActiveSkill> findByConversationId(String conversationId) {
		return call(() -> this.delegate.findByConversationId(conversationId), List.of());
	}

	@Override
	public void deactivate(String conversationId, String name) {
		write(() -> this.delegate.deactivate(conversationId, name));
	}

	@Override
	public void deleteBySkillName(String name) {
		write(() -> this.delegate.deleteBySkillName(name));
	}

	@Override
	public void deleteByConversationId(String conversationId) {
		write(() -> this.delegate.deleteByConversationId(conversationId));
	}

	@Override
	public Map<String, List<ActiveSkill>> findAll(int limit) {
		return call(() -> this.delegate.findAll(limit), Map.of());
	}

	// A write that fails is dropped: the chat goes on.
	private void write(Runnable write) {
		call(() -> {
			write.run();
			return Boolean.TRUE;
		}, Boolean.FALSE);
	}

	private <T> T call(Supplier<T> action, T fallback) {
		boolean probe = this.outage.get() != null;
		if (probe && (Instant.now().isBefore(this.nextProbe) || !this.probing.compareAndSet(false, true))) {
			return fallback;
		}
		Future<T> result;
		try {
			result = this.executor.submit(() -> {
				try {
					T value = action.get();
					recovered();
					return value;
				}
				catch (RuntimeException ex) {
					// A key the store refuses is the caller's error, not an outage.
					if (!(ex instanceof IllegalArgumentException)) {
						failed(ex.getClass().getSimpleName() + ": " + ex.getMessage());
					}
					throw ex;
				}
				finally {
					if (probe) {
						this.probing.set(false);
					}
				}
			});
		}
		catch (RejectedExecutionException ex) {
			if (probe) {
				this.probing.set(false);
			}
			failed("more than " + QUEUED_CALLS + " calls are waiting for the store");
			return fallback;
		}
		try {
			return result.get(this.timeout.toNanos(), TimeUnit.NANOSECONDS);
		}
		catch (TimeoutException ex) {
			// Not cancelled: the call may still finish, and its success ends the outage.
			failed("no answer within " + this.timeout.toMillis() + " ms");
			return fallback;
		}
		catch (ExecutionException ex) {
			if (ex.getCause() instanceof IllegalArgumentException refused) {
				throw refused;
			}
			return fallback;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return fallback;
		}
	}

	private void failed(String reason) {
		Instant now = Instant.now();
		this.nextProbe = now.plus(PROBE_INTERVAL);
		if (this.outage.compareAndSet(null, new Outage(reason, now))) {
			logger.warn("The active-skill store (" + this.delegate.getClass().getSimpleName() + ") failed: " + reason
					+ ". Chats go on without it (no re-injection, activations not stored) until it answers again");
		}
	}

	private void recovered() {
		Outage ended = this.outage.getAndSet(null);
		if (ended != null) {
			logger.info("The active-skill store (" + this.delegate.getClass().getSimpleName()
					+ ") answers again after an outage since " + ended.since() + "; activations are stored again");
		}
	}

	/**
	 * Stop the threads; a call in progress finishes its statement.
	 */
	@Override
	public void close() {
		this.executor.shutdownNow();
	}

	/**
	 * A store that does not answer.
	 *
	 * @param reason the first failure, for example a timeout or an exception's message
	 * @param since when it started
	 */
	public record Outage(String reason, Instant since) {
	}

}
