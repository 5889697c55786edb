package dev.skills.core.registry;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import dev.skills.core.SkillConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Reloads that arrive while one runs are served by the next one, however many ask: 200
 * concurrent {@code POST /actuator/skills} must not mean 200 rescans.
 */
class SkillsRegistryReloadTests {

	@Test
	@Timeout(60)
	void fiftyReloadsShareAFewRescans() throws Exception {
		AtomicInteger scans = new AtomicInteger();
		// Every rescan scans the classpath location once; a slow scan lets the callers
		// overlap.
		PathMatchingResourcePatternResolver resolver = new PathMatchingResourcePatternResolver() {

			@Override
			public Resource[] getResources(String pattern) throws IOException {
				scans.incrementAndGet();
				try {
					Thread.sleep(50);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
				return super.getResources(pattern);
			}

		};
		ExecutorService threads = Executors.newFixedThreadPool(50);
		try (SkillsRegistry registry = new SkillsRegistry(SkillConfig.builder().build(), resolver)) {
			registry.discover(List.of(SkillConfig.DEFAULT_LOCATION));
			scans.set(0);
			CountDownLatch start = new CountDownLatch(1);
			List<Future<SkillsChange>> changes = new ArrayList<>();
			for (int i = 0; i < 50; i++) {
				changes.add(threads.submit(() -> {
					start.await();
					return registry.reload();
				}));
			}
			start.countDown();
			for (Future<SkillsChange> change : changes) {
				assertThat(change.get(30, TimeUnit.SECONDS)).isNotNull();
			}
		}
		finally {
			threads.shutdownNow();
		}
		// Without coalescing every caller rescans: 50.
		assertThat(scans.get()).isBetween(1, 5);
	}

}
