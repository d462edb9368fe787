import Testing

@testable import TagCloudCore

/// `Elementary`'s results pinned to the bit, as computed before its size work (2^k built from
/// bits in two factors, sine and cosine through one quadrant switch, n mod 4 without `fmod`):
/// the springs, and so every easing string, depend on these exact bits.
@Suite struct ElementaryTests {
  @Test func expKeepsItsBitsAcrossTheDomain() {
    let pinned: [(Double, UInt64)] = [
      (-745.0, 0x1), (-744.5, 0x1), (-740.0, 0x55), (-708.5, 0xe_6cf6_d088_97ac),
      (-100.0, 0x36ea_8c1f_14e2_af5d), (-1.0, 0x3fd7_8b56_362c_ef38),
      (-1e-05, 0x3fef_ffeb_0751_5653), (0.5, 0x3ffa_6129_8e1e_069c),
      (1.0, 0x4005_bf0a_8b14_576a), (10.0, 0x40d5_829d_cf95_0560),
      (700.0, 0x7f0d_945d_f4f8_ec8e), (709.7, 0x7fed_75ae_7a50_ee14),
    ]
    for (x, bits) in pinned {
      #expect(Elementary.exp(x).bitPattern == bits, "exp(\(x))")
    }
    #expect(Elementary.exp(710) == .infinity)
    #expect(Elementary.exp(-746) == 0)
  }

  @Test func sineAndCosineKeepTheirBitsInEveryQuadrant() {
    let pinned: [(Double, UInt64, UInt64)] = [
      (0.3, 0x3fd2_e9cd_95ba_ba33, 0x3fee_921d_d42f_09ba),
      (1.0, 0x3fea_ed54_8f09_0cee, 0x3fe1_4a28_0fb5_068c),
      (2.0, 0x3fed_18f6_ead1_b446, 0xbfda_a226_5753_7205),
      (3.0, 0x3fc2_1038_6db6_d55b, 0xbfef_ae04_be85_e5d2),
      (4.0, 0xbfe8_37b9_dddc_1eae, 0xbfe4_eaa6_06db_24c1),
      (5.0, 0xbfee_af81_f5e0_9933, 0x3fd2_2785_706b_4ada),
      (10.0, 0xbfe1_689e_f5f3_4f53, 0xbfea_d9ac_890c_6b1f),
      (100.0, 0xbfe0_3425_b78c_4db8, 0x3feb_981d_bf66_5fdf),
      (1000.0, 0x3fea_75cc_150a_206c, 0x3fe1_ff02_6793_f1bb),
      (-2.5, 0xbfe3_26af_0dcf_cab0, 0xbfe9_a2f7_ef85_8b7d),
    ]
    for (x, sine, cosine) in pinned {
      #expect(Elementary.sin(x).bitPattern == sine, "sin(\(x))")
      #expect(Elementary.cos(x).bitPattern == cosine, "cos(\(x))")
    }
  }
}
