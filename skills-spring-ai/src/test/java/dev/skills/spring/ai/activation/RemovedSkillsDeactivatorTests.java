package dev.skills.spring.ai.activation;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import dev.skills.core.activation.ActiveSkill;
import dev.skills.core.activation.InMemoryActiveSkillsRepository;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.TestRegistries;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.util.FileSystemUtils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A skill that leaves the registry leaves every conversation's active skills, without
 * Boot and without holding the reload.
 */
@ExtendWith(OutputCaptureExtension.class)
class RemovedSkillsDeactivatorTests {

	private static final Duration WAIT = Duration.ofSeconds(10);

	@TempDir
	Path root;

	@Test
	void removedSkillLeavesEveryConversation() {
		Path haiku = SkillFixtures.skill(this.root, "haiku");
		SkillFixtures.skill(this.root, "limerick");
		BlockingStore store = new BlockingStore();
		store.activate("c1", new ActiveSkill("haiku", Instant.EPOCH));
		store.activate("c1", new ActiveSkill("limerick", Instant.EPOCH));
		store.activate("c2", new ActiveSkill("haiku", Instant.EPOCH));
		try (SkillsRegistry registry = TestRegistries.of(this.root)) {
			registry.addListener(new RemovedSkillsDeactivator(store));
			FileSystemUtils.deleteRecursively(haiku.toFile());

			// The store's delete blocks until released: the reload returns anyway.
			assertThat(registry.reload().removed()).containsExactly("haiku");
			store.release.countDown();

			await().atMost(WAIT).until(() -> store.findByConversationId("c2").isEmpty());
			assertThat(store.findByConversationId("c1")).extracting(ActiveSkill::name).containsExactly("limerick");
		}
	}

	@Test
	void failedDeleteIsLogged(CapturedOutput output) {
		Path haiku = SkillFixtures.skill(this.root, "haiku");
		try (SkillsRegistry registry = TestRegistries.of(this.root)) {
			registry.addListener(new RemovedSkillsDeactivator(new InMemoryActiveSkillsRepository() {

				@Override
				public void deleteBySkillName(String name) {
					throw new IllegalStateException("store down");
				}

			}));
			FileSystemUtils.deleteRecursively(haiku.toFile());

			registry.reload();

			await().atMost(WAIT)
				.until(() -> output.getOut()
					.contains("Cannot take the removed skill 'haiku' out of the active skills: store down"));
		}
	}

	static final class BlockingStore extends InMemoryActiveSkillsRepository {

		final CountDownLatch release = new CountDownLatch(1);

		@Override
		public void deleteBySkillName(String name) {
			try {
				this.release.await(WAIT.toSeconds(), TimeUnit.SECONDS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			super.deleteBySkillName(name);
		}

	}

}
