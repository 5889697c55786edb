package dev.skills.sources;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

import dev.skills.core.SkillConfig;
import dev.skills.core.SkillDiagnostic;
import dev.skills.core.registry.SkillsRegistry;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Sources of a kind another module contributes, through the public {@link SkillSource}.
 */
class ContributedSourcesTests {

	@TempDir
	Path temp;

	@Test
	void contributedSourceIsServedRefreshedAndClosed() {
		CountingSource source = new CountingSource();
		SkillSource.Factory factory = factory(source);
		SourceRefresher sources = SourceRefresher.create(List.of(factory),
				SourcesSettings.defaults().withCacheDir(this.temp), (status) -> {
				});
		assertThat(sources.refreshSoon("counting")).isTrue();
		assertThat(source.fetches.get()).as("nothing is fetched before start").isZero();
		SkillsRegistry registry = SkillsRegistry.create(SkillConfig.builder().skillsDir(sources.locations()).build());
		sources.start(registry);
		await().atMost(Duration.ofSeconds(5)).until(() -> registry.contains("counted-1"));
		assertThat(registry.diagnostics()).extracting(SkillDiagnostic::message).contains("left out: revision 1");
		assertThat(sources.statuses().get(0).type()).isEqualTo("test");

		assertThat(sources.refreshSoon("counting")).isTrue();
		await().atMost(Duration.ofSeconds(5)).until(() -> registry.contains("counted-2"));
		assertThat(registry.contains("counted-1")).isFalse();
		assertThat(sources.refreshSoon("unknown")).isFalse();

		sources.close();
		registry.close();
		assertThat(source.closed).isTrue();
	}

	@Test
	void statusNeverNamesTheCacheAndIsBounded() {
		CountingSource source = new CountingSource() {

			@Override
			public void checkout(String revision, @Nullable String served, Path into) throws IOException {
				if (revision.equals("r2")) {
					throw new IOException("cannot write " + into.resolve("pdf/x") + ": " + "x".repeat(16_000));
				}
				super.checkout(revision, served, into);
				List<String> warnings = new ArrayList<>();
				for (int i = 0; i < 60; i++) {
					warnings.add(into.resolve("skill-" + i) + " left out: " + "y".repeat(5_000));
				}
				this.warnings = warnings;
			}

		};
		SourceRefresher sources = SourceRefresher.create(List.of(factory(source)),
				SourcesSettings.defaults().withCacheDir(this.temp), (status) -> {
				});
		SkillsRegistry registry = SkillsRegistry.create(SkillConfig.builder().skillsDir(sources.locations()).build());
		sources.start(registry);
		await().atMost(Duration.ofSeconds(5)).until(() -> registry.contains("counted-1"));
		SourceStatus status = sources.refresh().get(0);

		assertThat(status.lastError()).startsWith("revision r2 not served: cannot write pdf/x: xxx")
			.hasSizeLessThanOrEqualTo(2000)
			.doesNotContain(this.temp.toString());
		assertThat(registry.diagnostics()).hasSize(52).allSatisfy((diagnostic) -> {
			assertThat(diagnostic.message()).hasSizeLessThanOrEqualTo(2100).doesNotContain(this.temp.toString());
			assertThat(diagnostic.file()).doesNotContain(this.temp.toString());
		});
		assertThat(registry.diagnostics()).extracting(SkillDiagnostic::message)
			.contains("10 more warnings")
			.anySatisfy((message) -> assertThat(message).startsWith("skill-0 left out: yyy"));
		sources.close();
		registry.close();
	}

	private static SkillSource.Factory factory(SkillSource source) {
		return new SkillSource.Factory() {

			@Override
			public String readableName() {
				return "counting";
			}

			@Override
			public String identity() {
				return "counting";
			}

			@Override
			public SkillSource create(SourcesSettings settings, Path store, Function<String, Path> revisionFolder) {
				return source;
			}

		};
	}

	private static class CountingSource implements SkillSource {

		private final AtomicInteger fetches = new AtomicInteger();

		private final AtomicBoolean closed = new AtomicBoolean();

		volatile List<String> warnings = List.of();

		@Override
		public String name() {
			return "counting";
		}

		@Override
		public String type() {
			return "test";
		}

		@Override
		public boolean moves() {
			return true;
		}

		@Override
		public Duration refreshInterval() {
			return Duration.ZERO;
		}

		@Override
		public String fetch() {
			return "r" + this.fetches.incrementAndGet();
		}

		@Override
		public void checkout(String revision, @Nullable String served, Path into) throws IOException {
			String name = "counted-" + revision.substring(1);
			Path folder = Files.createDirectories(into.resolve(name));
			Files.writeString(folder.resolve("SKILL.md"),
					"---\nname: " + name + "\ndescription: Revision " + revision + "\n---\nBody\n");
			this.warnings = List.of("left out: revision " + revision.substring(1));
		}

		@Override
		public List<String> warnings() {
			return this.warnings;
		}

		@Override
		public void close() {
			this.closed.set(true);
		}

	}

}
